// A one-line progress indicator for long scans, only when stderr is a terminal: piped or captured
// output stays clean and byte-identical.
export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr, label = 'indexing'): Progress {
  if (!stream.isTTY) return { update() {}, done() {} };
  let lastDraw = 0;
  let drawn = false;
  return {
    update(done, total) {
      const now = Date.now();
      if (done !== total && now - lastDraw < 100) return;
      lastDraw = now;
      drawn = true;
      stream.write(`\r${label} ${done}/${total} files`);
    },
    done() {
      if (drawn) stream.write('\r\x1b[K');
    },
  };
}
