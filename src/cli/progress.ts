/**
 * "scanned N/M files" on one updating stderr line, for runs longer than a second, only when stderr
 * is a terminal (never in CI or when piped). The line is erased when the run is done.
 */
export interface Progress {
  update(done: number, total: number): void;
  done(): void;
}

const NONE: Progress = { update: () => undefined, done: () => undefined };

export function progressLine(stderr: { write(s: string): unknown; isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env, now: () => number = Date.now): Progress {
  if (!stderr.isTTY || env.CI || env.TERM === 'dumb') return NONE;
  const start = now();
  let last = 0;
  let shown = false;
  return {
    update(done, total) {
      const t = now();
      if (t - start < 1000 || (t - last < 100 && done < total)) return;
      last = t;
      shown = true;
      stderr.write(`\r\x1b[Kscanned ${done}/${total} files`);
    },
    done() {
      if (shown) stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}
