// The wait before a check: the policy, and what the server traces over stdio.
import { afterEach, describe, expect, it } from 'vitest';
import { Debounce, MAX_DEBOUNCE_MS, MIN_DEBOUNCE_MS } from '../../src/lsp/debounce';
import { fileUri, LspSession, WORKER } from './lsp-session';

describe('Debounce', () => {
  it('waits briefly for a small document and the longest for a large one, until a check is measured', () => {
    const d = new Debounce();
    expect(d.delay('a', 2_000)).toBe(MIN_DEBOUNCE_MS);
    expect(d.delay('a', 200_000)).toBe(MAX_DEBOUNCE_MS);
  });

  it('then waits what the recent checks cost (their median), within bounds, so one slow check changes nothing', () => {
    const d = new Debounce();
    for (const ms of [40, 42, 38, 41, 400]) d.measured('a', ms);
    expect(d.delay('a', 200_000)).toBe(41);
    for (const ms of [1, 2, 1]) d.measured('a', ms);
    expect(d.delay('a', 200_000)).toBe(MIN_DEBOUNCE_MS);
    for (const ms of [900, 900, 900]) d.measured('a', ms);
    expect(d.delay('a', 2_000)).toBe(MAX_DEBOUNCE_MS);
    d.forget('a');
    expect(d.delay('a', 2_000)).toBe(MIN_DEBOUNCE_MS);
  });
});

describe('lsp: the wait before a check, as the server traces it', () => {
  let session: LspSession | undefined;
  afterEach(() => session?.dispose());
  const waited = (s: LspSession, uri: string, version: number) =>
    s.waitForTrace(new RegExp(`^diagnostics ${uri.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} version ${version}: waited (\\d+) ms, checked in ([\\d.]+) ms, \\d+ diagnostics$`)).then((t) => {
      const [, wait, cost] = /waited (\d+) ms, checked in ([\d.]+) ms/.exec(t.message)!;
      return { wait: Number(wait), cost: Number(cost) };
    });

  it('checks a small document 15 ms after a change, then after what its last checks cost', async () => {
    session = await LspSession.start({ trace: 'messages' });
    const uri = fileUri('small.ts');
    await session.open(uri, WORKER);
    expect((await waited(session, uri, 1)).wait).toBe(0);
    const costs: number[] = [];
    for (let version = 2; version <= 7; version++) {
      await session.changeFully(uri, `${WORKER}// edit ${version}\n`);
      await session.diagnostics(uri, version);
      const { wait, cost } = await waited(session, uri, version);
      const recent = [...costs.slice(-5)].sort((a, b) => a - b);
      const expected = recent.length ? Math.round(Math.min(MAX_DEBOUNCE_MS, Math.max(MIN_DEBOUNCE_MS, recent[recent.length >> 1]))) : MIN_DEBOUNCE_MS;
      // The trace rounds the cost to 0.1 ms: the median of the traced costs can differ by that rounding.
      expect(Math.abs(wait - expected)).toBeLessThanOrEqual(1);
      costs.push(cost);
    }
  });

  it('waits the longest after the first change of a large document', async () => {
    session = await LspSession.start({ trace: 'messages' });
    const uri = fileUri('large.ts');
    const large = `${WORKER}${'// padding line of a large generated module\n'.repeat(600)}`;
    await session.open(uri, large);
    await session.diagnostics(uri, 1);
    await session.changeFully(uri, `${large}// edit\n`);
    expect((await waited(session, uri, 2)).wait).toBe(MAX_DEBOUNCE_MS);
  });
});
