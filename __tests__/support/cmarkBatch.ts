// cmark-gfm without a process per document: cmarkBatch.c links the same library the cmark-gfm
// program uses and renders documents sent over a pipe. Spawning the program costs ~20 ms a document,
// which makes a 100,000-case fuzz run take hours; this renders in well under a millisecond.
//
// The calls stay synchronous (the fuzz target and the tests call the renderer synchronously): the
// server reads and writes two named pipes, which this side opens with fs.openSync and uses with
// readSync/writeSync. Before first use, a sample of documents (the hostile shapes of the fuzz target)
// is rendered both ways and must be byte-identical to the program's output; when the library's headers
// are missing and cannot be installed, or the sample differs, undefined is returned and the caller
// falls back to the program.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const SOURCE = join(here, 'cmarkBatch.c');
const BINARY = join(here, '..', '..', 'node_modules', '.cache', 'repodigest', 'cmark-batch');

export type Render = (markdown: string, unsafe: boolean) => string;

let server: Render | null | undefined;

/** The batch renderer, started once; undefined when it cannot be built or does not match the program. */
export function cmarkBatch(program: Render): Render | undefined {
  if (server !== undefined) return server ?? undefined;
  server = null;
  if (!build()) return undefined;
  const render = start();
  const sample = [
    '# t\n\n| a | b |\n|---|---|\n| `x|y` | [l](https://e.x) |\n',
    'www.example.com @user #12 owner/repo#3 GH-4 <b>raw</b> <img src=x> ~~s~~ - [ ] task\n',
    'a[^1]\n\n[^1]: note\n',
    '```\n<a href="x">\n```\n`` ` `` ![i](https://e.x/i.png) [r]: https://e.x\n\n[r]\n',
    'é\u200b\u202e <!-- c --> <?php ?> <![CDATA[x]]> &#64;a &amp; mailto:a@b.co a@b.co\n',
  ];
  for (const doc of sample) {
    for (const unsafe of [true, false]) {
      if (render(doc, unsafe) !== program(doc, unsafe)) return undefined;
    }
  }
  server = render;
  return render;
}

function build(): boolean {
  if (existsSync(BINARY)) return true;
  mkdirSync(dirname(BINARY), { recursive: true });
  const compile = () => execFileSync('cc', ['-O2', '-o', BINARY, SOURCE, '-lcmark-gfm', '-lcmark-gfm-extensions'], { stdio: 'pipe' });
  try {
    compile();
    return true;
  } catch {
    if (process.getuid?.() !== 0) return false;
    try {
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'libcmark-gfm-dev', 'libcmark-gfm-extensions-dev'], { stdio: 'pipe', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
      compile();
      return true;
    } catch {
      return false;
    }
  }
}

function start(): Render {
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-cmark-'));
  const requests = join(dir, 'in');
  const replies = join(dir, 'out');
  execFileSync('mkfifo', [requests, replies]);
  const child = spawn('sh', ['-c', 'exec "$0" < "$1" > "$2"', BINARY, requests, replies], { stdio: 'ignore' });
  child.unref();
  // Opening a named pipe blocks until the other side opens it: the server opens `in` first, then `out`.
  const write = openSync(requests, 'w');
  const read = openSync(replies, 'r');
  process.once('exit', () => {
    closeSync(write);
    closeSync(read);
  });
  return (markdown, unsafe) => {
    const body = Buffer.from(markdown, 'utf8');
    const head = Buffer.alloc(5);
    head.writeUInt32LE(body.length, 0);
    head[4] = unsafe ? 1 : 0;
    writeAll(write, Buffer.concat([head, body]));
    const size = readExactly(read, 4).readUInt32LE(0);
    return readExactly(read, size).toString('utf8');
  };
}

function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

function readExactly(fd: number, n: number): Buffer {
  const out = Buffer.alloc(n);
  for (let got = 0; got < n; ) {
    const r = readSync(fd, out, got, n - got, null);
    if (r === 0) throw new Error('cmark batch renderer closed its pipe');
    got += r;
  }
  return out;
}
