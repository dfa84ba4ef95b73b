/**
 * Runs tasks side by side, at most `n` at once. Every promise it returns is marked handled, so a
 * task that fails before anyone awaits it is reported where it is awaited, not as an unhandled
 * rejection.
 */
export function limited(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const admit = () =>
    new Promise<void>((resolve) => {
      const start = () => {
        running++;
        resolve();
      };
      if (running < n) start();
      else waiting.push(start);
    });
  const done = () => {
    running--;
    waiting.shift()?.();
  };
  return <T>(task: () => Promise<T>) => {
    const p = admit().then(task).finally(done);
    p.catch(() => undefined);
    return p;
  };
}
