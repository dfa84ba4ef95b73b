import { afterAll, beforeAll } from 'vitest';
import { deleteQueues, expectedReply, Sandbox, type Reply } from './harness';
import { limited } from './limited';

/** How many broker cases of one file run at once (see `parallel`). */
const CASES_AT_ONCE = 6;

/**
 * A describe block's sandbox (modules load from it) and the queues its tests create on the broker
 * at `url()`, deleted afterwards. `parallel(task)` registers a case's broker work while the tests
 * are collected; the block's beforeAll starts all of it, a few cases at once (each case has its
 * own queue and connections: the suite waits on the broker, not on the CPU), and the getter it
 * returns gives the case's result to the case's own beforeAll.
 */
export function brokerScope(prefix: string, url: () => string) {
  let sandbox: Sandbox | undefined;
  const created = new Set<string>();
  const tasks: { task: () => Promise<unknown>; started?: Promise<unknown> }[] = [];
  beforeAll(() => {
    sandbox = new Sandbox(prefix);
    const run = limited(CASES_AT_ONCE);
    for (const t of tasks) t.started = run(t.task);
  });
  afterAll(async () => {
    await deleteQueues(url(), created);
    sandbox?.remove();
  });
  return {
    get sandbox(): Sandbox {
      if (!sandbox) throw new Error('the sandbox exists only while the tests run');
      return sandbox;
    },
    created,
    parallel<T>(task: () => Promise<T>): () => Promise<T> {
      const entry: { task: () => Promise<unknown>; started?: Promise<unknown> } = { task };
      tasks.push(entry);
      return () => (entry.started ?? Promise.reject(new Error('the case was not started: parallel() must be called while the tests are collected'))) as Promise<T>;
    },
  };
}

/**
 * The broker's reply cut to what a brokerError states (the code, and as much of the text: the
 * broker may say more), next to the brokerError as a reply: equal when the statement is right.
 */
export function asStated(actual: Reply | undefined, brokerError: string): { actual?: Reply; want: Reply } {
  const want = expectedReply(brokerError);
  return { actual: actual ? { code: actual.code, text: actual.text.slice(0, want.text.length) } : undefined, want };
}
