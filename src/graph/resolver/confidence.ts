// How much a name-only (heuristic) edge is worth: a confidence in 0..1 per candidate, and the gate
// that drops a guess the evidence does not support (without it, `sock.send(...)` in a test is linked by
// name to `HTTPAdapter.send`, and such false callers crowd out the real ones in a digest).
//
// Evidence, for `recv.m()` on a receiver of unknown type:
// - how many project classes define `m` (one: 0.6; n: 0.6 / n);
// - the receiver's name shares a word with the candidate's class (`adapter.send()` and
//   `HTTPAdapter`): 0.9 for each such candidate, and the others drop to a fifth;
// - `m` is also a common method of the standard library's types (`send`, `close`, `read`, `get`):
//   halved unless the receiver's name matches the class, since an unknown receiver is then more often a socket, file or dict than a project object;
// - a receiver that is an operator's or a literal's result (`(tmp_path / "x").write_text()`) gets no edge;
// - a receiver named like a standard object (`sock`, `f`, `fp`, `stream`, `text`, `path`, `data`,
//   `lock`, pytest's fixtures...) gets no edge at all.
// For a bare `f()` whose name no scope binds: one candidate 0.9, n candidates 0.9 / n.
// Edges under DEFAULT_MIN_CONFIDENCE are not made; scripts/eval/callers.ts measures how often the
// edges kept at that threshold are right.
import type { RefExpr } from '../../model.js';
import type { ProjectIndex } from './projectIndex.js';

export const DEFAULT_MIN_CONFIDENCE = 0.5;

const STANDARD_RECEIVERS = new RegExp(
  '^(?:sock|socket|\\w*_sock|\\w*_socket|conn|s|f|fp|fh|fd|fobj|file|\\w*_file|outfile|infile|stream|\\w*_stream|buf|buffer|' +
    'str|text|string|line|lines|name|path|\\w*_path|p|data|raw|d|dct|dict|mapping|lst|list|items|arr|array|tup|' +
    're|regex|pattern|match|m|logger|log|lock|rlock|thread|queue|q|event|cond|sem|tmp|tmpdir|tmp_path|monkeypatch|' +
    'capsys|capfd|caplog|mocker|mock|\\w*_mock|mock_\\w*|patcher|os|sys|io|json|np|pd|ctx|context|loop|future|fut|proc|process|popen|' +
    'csv_writer|writer|reader|parser|argparser|subparsers|hasher|digest|h|md5|sha|zf|tf|zipfile|tarfile|wfile|rfile)$',
);

const COMMON_METHODS = new Set(
  (
    'send sendall recv close read readline readlines write writelines flush seek tell open get put set pop ' +
    'update clear copy keys values items append extend insert remove join split strip format encode decode ' +
    'start stop run wait acquire release cancel result done connect bind listen accept shutdown fileno ' +
    'load loads dump dumps parse match search sub compile group add discard sort reverse count index find ' +
    'replace lower upper exists mkdir unlink iterdir glob resolve info debug warning error exception ' +
    'call apply emit handle close_all setdefault getvalue truncate next read_text write_text read_bytes write_bytes touch'
  ).split(' '),
);

const GENERIC_WORDS = new Set(['base', 'abstract', 'mixin', 'default', 'simple', 'generic', 'interface', 'impl', 'the', 'a', 'an', 'my', 'self', 'obj', 'object', 'get', 'make', 'new']);

const wordMemo = new Map<string, string[]>();

/** Words of a name (memoised: the same class names are split for every heuristic candidate). */
export function words(name: string): string[] {
  let known = wordMemo.get(name);
  if (!known) {
    if (wordMemo.size > 100_000) wordMemo.clear(); // bounded: names are input
    wordMemo.set(name, (known = splitWords(name)));
  }
  return known;
}

function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !GENERIC_WORDS.has(w));
}

/** The name that best describes the receiver of `recv.m()`: the variable, attribute or function it comes from. */
export function receiverName(object: RefExpr): string | undefined {
  let cur = object;
  for (let i = 0; i < 64; i++) {
    if (cur.t === 'name') return cur.name;
    if (cur.t === 'attr') return cur.attr;
    if (cur.t === 'call') cur = cur.callee;
    else if (cur.t === 'subscript' || cur.t === 'iter') cur = cur.object;
    else return undefined;
  }
  return undefined;
}

export interface Scored {
  ids: string[];
  confidence: number[];
}

/** Candidates (from heuristicTargets) scored for `callee`; those under `min` are dropped. */
export function scoreCandidates(index: ProjectIndex, callee: RefExpr, candidates: readonly string[], min: number): Scored {
  const out: Scored = { ids: [], confidence: [] };
  if (candidates.length === 0) return out;
  if (callee.t === 'name') {
    const c = 0.9 / candidates.length;
    if (c >= min) {
      for (const id of candidates) {
        out.ids.push(id);
        out.confidence.push(round(c));
      }
    }
    return out;
  }
  if (callee.t !== 'attr') return out;
  // `(tmp_path / "x").write_text()`, `"".join()`: an operator's or literal's result is not a project object we could name.
  if (rootOf(callee.object).t === 'other') return out;
  const receiver = receiverName(callee.object);
  if (receiver !== undefined && STANDARD_RECEIVERS.test(receiver)) return out;
  const recvWords = new Set(receiver === undefined ? [] : words(receiver));
  const matching = candidates.map((id) => {
    const cls = index.byId.get(index.byId.get(id)?.parent ?? '');
    return cls !== undefined && words(cls.name.slice(cls.name.lastIndexOf('.') + 1)).some((w) => recvWords.has(w));
  });
  const anyMatch = matching.some(Boolean);
  const common = COMMON_METHODS.has(callee.attr) ? 0.5 : 1;
  candidates.forEach((id, i) => {
    let c = 0.6 / candidates.length;
    if (anyMatch && matching[i]) c = 0.9; // the receiver's name outweighs the method name's commonness
    else c = (anyMatch ? c / 5 : c) * common;
    if (c >= min) {
      out.ids.push(id);
      out.confidence.push(round(c));
    }
  });
  return out;
}

function rootOf(ref: RefExpr): RefExpr {
  let cur = ref;
  for (let i = 0; i < 64 && (cur.t === 'attr' || cur.t === 'call' || cur.t === 'subscript'); i++) cur = cur.t === 'call' ? cur.callee : cur.object;
  return cur;
}

const round = (x: number): number => Math.round(x * 100) / 100;
