// What the packer takes and what it gives back (pack/packer.ts packContext).
import type { Adjacency, Neighbour } from '../graph/adjacency.js';
import type { PySymbol } from '../model.js';
import type { ChangedSymbolRow, DataRecord, DigestItem, DigestSkip, DocumentRenderer, ItemView, TokenUsage } from './document.js';
import type { ExpansionInput } from './expansion.js';
import type { TokenCounter } from './tokens.js';

export type Preamble = readonly string[] | ((usage: TokenUsage) => readonly string[]);
/** The preamble as data (document.ts `preambleData`), a function of the usage like the preamble. */
export type PreambleData = (usage: TokenUsage) => DataRecord;

export type RootView = ItemView;

export interface PackInput {
  /** Root symbol ids, in the order they are packed. */
  roots: readonly string[];
  symbols: ReadonlyMap<string, PySymbol>;
  adjacency: Adjacency;
  /** Token budget of the rendered document: a positive integer. */
  budget: number;
  counter: TokenCounter;
  /** How the document is written (markdown, XML, JSON): the caller's choice, render/renderers.ts. */
  renderer: DocumentRenderer;
  signaturesOnly?: boolean;
  /** Follow only resolved call edges, or all (default). */
  resolution?: 'resolved' | 'all';
  title?: string;
  preamble?: Preamble;
  /** With `preamble`: the same sections as data, for the formats that write data (XML). */
  preambleData?: PreambleData;
  changed?: readonly ChangedSymbolRow[];
  /** Ids of symbols a PR removed (shown from base): their items carry `status: 'removed'`. */
  removed?: ReadonlySet<string>;
  /** Files tree-sitter could only partly parse: their symbols' items carry `partialParse: true`. */
  partialFiles?: ReadonlySet<string>;
  /** Direct subclasses of a class (from `inherits` edges, e.g. `subclassIndex(edges)`); none when omitted. */
  subclasses?: (id: string) => readonly Neighbour[];
  /** Direct project bases of a class (`baseIndex(edges)`); none when omitted. */
  bases?: (id: string) => readonly Neighbour[];
  maxCandidates?: number;
  /**
   * PR digests: the ways to show each root, best first; the first that fits while leaving the roots
   * still to come room for their smallest views is packed (a changed symbol is shown as its hunks rather
   * than crowd other changed symbols out; rootViews.ts). Without it a root is its full code.
   */
  views?: (id: string) => readonly RootView[] | undefined;
  /**
   * PR digests: neighbours offered right after the first `before` roots (the call sites of symbols
   * whose contract changed, ahead of changed tests). A later root that fits in no view takes their
   * space back: they are dropped, last first, until it fits. The roots from `before` on (the changed
   * tests) are also expansion.ts's late roots: their neighbourhood comes after the others' in each hop.
   */
  priority?: { ids: readonly string[]; before: number };
  /**
   * PR digests: no neighbour is packed while a root is out of the document; the preamble names every
   * root, so roots' skips are named on one line and never folded (document.ts `changedInPreamble`).
   */
  changedFirst?: boolean;
  /** PR digests: ids packed after every root and neighbour, when they fit (tailItems.ts), each in its first view that fits. */
  tail?: readonly string[];
  /**
   * PR digests: the share of the change's lines that are `tail`'s; the tail may take that share of the
   * budget ahead of the context when it is more than TAIL_SHARE (tailItems.ts).
   */
  tailShare?: number;
  /** Order of each hop's neighbours (expansion.ts `compare`). */
  compareNeighbours?: ExpansionInput['compare'];
}

/** What the result lists of a packed symbol: the digest item without its text. */
/** A packed item with the code it shows (`text` of the item: source, signature, window or diff lines). */
export type PackedSymbol = Omit<DigestItem, 'text'> & { code: string };

export type SkippedSymbol = DigestSkip;

export interface PackResult {
  budget: number;
  /** Exact token count of `content`. */
  totalTokens: number;
  encoding: string;
  roots: string[];
  packed: PackedSymbol[];
  /** Every skip, in the order decided (the document may list only the first ones). */
  skipped: SkippedSymbol[];
  /** How many `skipped` entries lost nothing: their code is inside a packed symbol (`within` set). */
  insidePacked: number;
  content: string;
}
