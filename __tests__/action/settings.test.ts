import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUT_NAMES } from '../../src/action/outputs.js';
import { INPUT_DEFAULTS, readSettings } from '../../src/action/settings.js';
import { DEFAULT_MAX_FILE_BYTES } from '../../src/files/read.js';

/** The inputs and outputs blocks of action.yml: name -> default (outputs: name -> ''). */
function actionYml(): { inputs: Map<string, string | undefined>; outputs: string[]; text: string } {
  const text = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8');
  const inputs = new Map<string, string | undefined>();
  const outputs: string[] = [];
  let section = '';
  let current = '';
  for (const line of text.split('\n')) {
    const top = /^([a-z]+):/.exec(line);
    if (top) section = top[1]!;
    const name = /^ {2}([a-z-]+):\s*$/.exec(line);
    if (name && section === 'inputs') inputs.set((current = name[1]!), undefined);
    if (name && section === 'outputs') outputs.push(name[1]!);
    const def = /^ {4}default:\s*(.*)$/.exec(line);
    if (def && section === 'inputs') inputs.set(current, def[1]!.replace(/^'(.*)'$/, '$1'));
  }
  return { inputs, outputs, text };
}

/**
 * The README's "Inputs and outputs" table: name -> default. A row may name several inputs
 * (`a` / `b`, `a`, `b`) with one default for all ("empty", or a single value) or one each (`x` / `y`).
 */
function readmeInputs(): Map<string, string> {
  const text = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const table = /### Inputs and outputs\n\| input \| default \| meaning \|\n\| --- \| --- \| --- \|\n((?:\|.*\n)+)/.exec(text);
  if (!table) throw new Error('README.md has no inputs table under "### Inputs and outputs"');
  const inputs = new Map<string, string>();
  for (const row of table[1]!.trimEnd().split('\n')) {
    const [names = '', defaults = ''] = row.split(' | ').map((cell) => cell.replace(/^\| /, ''));
    const ids = [...names.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    const values = defaults === 'empty' ? [''] : [...defaults.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
    expect(values.length === 1 || values.length === ids.length, row).toBe(true);
    ids.forEach((id, i) => inputs.set(id, values.length === 1 ? values[0]! : values[i]!));
  }
  return inputs;
}

const settingsFrom = (inputs: Record<string, string>) =>
  readSettings({ getInput: (name) => inputs[name] ?? '', workspace: '/work/space' });

describe('action.yml', () => {
  it('runs on node24 from dist/index.js, with every input described and defaulted as settings.ts does', () => {
    const { inputs, outputs, text } = actionYml();
    expect(text).toMatch(/runs:\n {2}using: node24\n {2}main: dist\/index\.js/);
    expect(text).toMatch(/branding:\n {2}icon: \S+\n {2}color: \S+/);
    expect([...inputs.keys()].sort()).toEqual(Object.keys(INPUT_DEFAULTS).sort());
    for (const [name, def] of inputs) {
      if (name === 'github-token') expect(def).toBe('${{ github.token }}');
      else expect(def, name).toBe(INPUT_DEFAULTS[name]);
    }
    expect(text.match(/^ {4}description:/gm)?.length).toBe(inputs.size + outputs.length);
    expect(outputs).toEqual([...OUTPUT_NAMES]);
  });

  it('is documented by the README inputs table: the same inputs with the same defaults', () => {
    const { inputs } = actionYml();
    const readme = readmeInputs();
    expect([...readme.keys()].sort()).toEqual([...inputs.keys()].sort());
    for (const [name, def] of inputs) expect(readme.get(name), name).toBe(def);
  });

  it('is documented by the README: every output named under the inputs table', () => {
    const text = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const outputs = /\nOutputs: ([\s\S]*?)\n\n/.exec(text)?.[1] ?? '';
    const named = [...outputs.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    expect([...new Set(named)].sort()).toEqual([...OUTPUT_NAMES].sort());
  });

  it('defaults max-file-bytes to the file layer\'s limit, as the CLI does', () => {
    expect(actionYml().inputs.get('max-file-bytes')).toBe(String(DEFAULT_MAX_FILE_BYTES));
  });
});

describe('readSettings', () => {
  it('applies the defaults', () => {
    const s = settingsFrom({});
    expect(s).toMatchObject({
      path: '/work/space',
      budget: 8000,
      encoding: 'o200k_base',
      format: 'markdown',
      signaturesOnly: false,
      mermaid: true,
      include: [],
      exclude: [],
      resolution: 'all',
      parameterFlow: false,
      onDemand: false,
      maxFileBytes: DEFAULT_MAX_FILE_BYTES,
      comment: true,
      commentKey: '',
      artifact: true,
      artifactName: 'repodigest',
      prNumber: undefined,
      maxCommentChars: 65000,
      postDigest: '',
    });
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.include)).toBe(true);
  });

  it('reads and converts every input', () => {
    const s = settingsFrom({
      'github-token': 'tok',
      path: 'src/app',
      budget: '1200',
      encoding: 'cl100k_base',
      format: 'xml',
      'signatures-only': 'True',
      mermaid: 'false',
      include: 'src/**/*.py, lib/*.py\n\n  tools/x.py  ',
      exclude: 'tests/**',
      resolution: 'resolved',
      'parameter-flow': 'TRUE',
      'on-demand': 'true',
      'max-file-bytes': ' 4096 ',
      comment: 'FALSE',
      'comment-key': 'api-v2',
      artifact: 'false',
      'artifact-name': 'digest-1',
      viewer: 'false',
      query: 'retry logic',
      entry: 'pkg.mod.f',
      'pr-number': '42',
      base: 'main',
      head: 'feature/x',
      'max-comment-chars': '65536',
      'post-digest': '/abs/digest.md',
      'timeout-minutes': '0.5',
    });
    expect(s).toEqual({
      githubToken: 'tok',
      path: '/work/space/src/app',
      budget: 1200,
      encoding: 'cl100k_base',
      format: 'xml',
      signaturesOnly: true,
      mermaid: false,
      include: ['src/**/*.py', 'lib/*.py', 'tools/x.py'],
      exclude: ['tests/**'],
      resolution: 'resolved',
      parameterFlow: true,
      onDemand: true,
      maxFileBytes: 4096,
      comment: false,
      commentKey: 'api-v2',
      artifact: false,
      artifactName: 'digest-1',
      viewer: false,
      query: 'retry logic',
      entry: 'pkg.mod.f',
      prNumber: 42,
      base: 'main',
      head: 'feature/x',
      maxCommentChars: 65536,
      postDigest: '/abs/digest.md',
      timeoutMinutes: 0.5,
      failOn: 'none',
      redact: true,
      cache: true,
    });
  });

  it.each([
    ['budget', 'abc', "Invalid input 'budget': 'abc'. Expected a positive integer."],
    ['budget', '0', "Invalid input 'budget': '0'. Expected a positive integer."],
    ['budget', '1e3', "Invalid input 'budget': '1e3'. Expected a positive integer."],
    ['max-comment-chars', '70000', "Invalid input 'max-comment-chars': '70000'. Expected a positive integer no larger than 65536."],
    ['encoding', 'gpt2', "Invalid input 'encoding': 'gpt2'. Expected one of: o200k_base, cl100k_base."],
    ['format', 'html', "Invalid input 'format': 'html'. Expected one of: markdown, xml, json."],
    ['resolution', 'heuristic', "Invalid input 'resolution': 'heuristic'. Expected one of: resolved, all."],
    ['resolution', 'Resolved', "Invalid input 'resolution': 'Resolved'. Expected one of: resolved, all."],
    ['parameter-flow', 'on', "Invalid input 'parameter-flow': 'on'. Expected true or false."],
    ['max-file-bytes', '0', "Invalid input 'max-file-bytes': '0'. Expected a positive integer."],
    ['max-file-bytes', '1MB', "Invalid input 'max-file-bytes': '1MB'. Expected a positive integer."],
    ['max-file-bytes', '-5', "Invalid input 'max-file-bytes': '-5'. Expected a positive integer."],
    ['max-file-bytes', '99999999999999999999', "Invalid input 'max-file-bytes': '99999999999999999999'. Expected a positive integer."],
    ['comment', 'yes', "Invalid input 'comment': 'yes'. Expected true or false."],
    ['comment-key', 'a -->', `Invalid input 'comment-key': 'a -->'. Expected letters, digits, ".", "_" and single "-" between them.`],
    ['artifact-name', 'a/b', `Invalid input 'artifact-name': 'a/b'. Expected a name without any of: " : < > | * ? \\ / \` or line breaks.`],
    ['pr-number', '#12', "Invalid input 'pr-number': '#12'. Expected a positive integer no larger than 2147483648."],
    ['base', '--upload-pack=evil', `Invalid input 'base': '--upload-pack=evil'. Expected a commit SHA, branch or tag (no leading "-", spaces or "..").`],
    ['head', 'a..b', `Invalid input 'head': 'a..b'. Expected a commit SHA, branch or tag (no leading "-", spaces or "..").`],
    ['timeout-minutes', '0', `Invalid input 'timeout-minutes': '0'. Expected a positive number no larger than 360.`],
    ['timeout-minutes', '1e3', `Invalid input 'timeout-minutes': '1e3'. Expected a positive number no larger than 360.`],
  ])('rejects %s=%s with a one-line message', (input, value, message) => {
    expect(() => settingsFrom({ [input]: value })).toThrow(message);
    try {
      settingsFrom({ [input]: value });
    } catch (error) {
      expect((error as Error).message).toBe(message);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
