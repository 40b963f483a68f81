// What one directory walk costs, read one way: `sync` reads each directory with readdirSync on the
// main thread, one after another (as files/discover.ts does); `pool` reads them through Node's thread
// pool, 32 at a time. Both list every .py file by its Dirent type and leave `.git` out. One line:
// the mode, the files and directories found, wall time and the process's user and system CPU.
// Run each mode in its own process; for a walk with nothing cached, drop the kernel's caches first
// (`sync; echo 3 > /proc/sys/vm/drop_caches`, as root).
//
// Usage: node scripts/bench/walkCost.mjs sync|pool ROOT
import { readdirSync, promises as fsp } from 'node:fs';
import { join } from 'node:path';

const [mode, root] = process.argv.slice(2);
if ((mode !== 'sync' && mode !== 'pool') || !root) {
  process.stderr.write('usage: node scripts/bench/walkCost.mjs sync|pool ROOT\n');
  process.exit(2);
}

const start = process.hrtime.bigint();
const cpu = process.cpuUsage();
const stack = [root];
let files = 0;
let dirs = 0;
const list = (dir, entries) => {
  dirs++;
  for (const e of entries) {
    if (e.isDirectory()) {
      if (e.name !== '.git') stack.push(join(dir, e.name));
    } else if (e.name.endsWith('.py')) files++;
  }
};
if (mode === 'sync') {
  while (stack.length > 0) {
    const dir = stack.pop();
    list(dir, readdirSync(dir, { withFileTypes: true }));
  }
} else {
  while (stack.length > 0) {
    await Promise.all(stack.splice(-32).map(async (dir) => list(dir, await fsp.readdir(dir, { withFileTypes: true }))));
  }
}
const used = process.cpuUsage(cpu);
const ms = (micros) => Math.round(micros / 1000);
process.stdout.write(`${mode} ${files} files ${dirs} directories: wall ${Math.round(Number(process.hrtime.bigint() - start) / 1e6)} ms, user ${ms(used.user)} ms, system ${ms(used.system)} ms\n`);
