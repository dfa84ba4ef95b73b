// Waiting on another process without a time limit: the wait fails when the process exits, or when it has used no
// CPU for a while and so will not get there, never because the machine is slow (issue 33).
import * as fs from 'node:fs';

/** How long a process may use no CPU at all before a wait on it fails: it is not working, not slow. */
export const IDLE_MS = 10_000;
const CHECK_MS = 500;

/** The CPU time a process has used (user + system, in clock ticks), or undefined where /proc cannot tell. */
export function cpuTicks(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (name) ": state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Calls `onIdle` once the process has used no CPU for IDLE_MS (checked every half second); the returned function
 * stops watching. Where /proc is not there, nothing is ever called: the wait has no limit.
 */
export function watchIdle(pid: number | undefined, onIdle: (ms: number) => void): () => void {
  if (pid === undefined || cpuTicks(pid) === undefined) return () => {};
  let last = cpuTicks(pid);
  let idle = 0;
  const timer = setInterval(() => {
    const now = cpuTicks(pid);
    if (now === undefined) return;
    if (now !== last) {
      last = now;
      idle = 0;
      return;
    }
    idle += CHECK_MS;
    if (idle >= IDLE_MS) {
      clearInterval(timer);
      onIdle(idle);
    }
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
