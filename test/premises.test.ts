// Each rewrite's premise (src/fix/premises.ts) holds where its fixture rewrites and fails where it must not: the engine
// checks it before an edit is offered.
import { describe, expect, it } from 'vitest';
import { analyze } from '../src/engine/analyze';
import { unmetPremise } from '../src/fix/premises';
import type { QueueDeclaration } from '../src/model';

const declarationOf = (text: string): QueueDeclaration => analyze([{ path: 'a.ts', text }], { target: '4.3', cwd: '/tmp' }).files[0].model!.declarations[0];
const SERVER_NAMED = "import amqp from 'amqplib';\nexport async function f(ch: amqp.Channel) { await ch.assertQueue('', { durable: false }); }\n";

describe('rewrite premises', () => {
  it("exclusive: true holds for a name '' on every path, and fails for a name the code does not settle", () => {
    const decl = declarationOf(SERVER_NAMED);
    expect(unmetPremise(decl, [{ kind: 'set-flag', flag: 'exclusive', value: true }])).toBeUndefined();
    const named = { ...decl, name: { kind: 'unknown' as const, reason: '`this.options.names.queueName` is given 2 values' } };
    expect(unmetPremise(named, [{ kind: 'set-flag', flag: 'exclusive', value: true }])).toMatch(/server-named \(''\) on every path.*405 RESOURCE_LOCKED/);
    expect(unmetPremise({ ...decl, name: { kind: 'known', value: 'jobs', origin: decl.at } }, [{ kind: 'set-flag', flag: 'exclusive', value: true }])).toMatch(/named 'jobs'/);
  });

  it('durable: true holds for a settled flag and fails for one that differs between paths', () => {
    const decl = declarationOf(SERVER_NAMED);
    expect(unmetPremise(decl, [{ kind: 'set-flag', flag: 'durable', value: true }])).toBeUndefined();
    expect(unmetPremise({ ...decl, durable: { kind: 'unknown', reason: 'is given 2 values' } }, [{ kind: 'set-flag', flag: 'durable', value: true }])).toMatch(/durable is false on every path/);
  });

  it('removing an argument needs it written in the declaration', () => {
    const decl = declarationOf(SERVER_NAMED);
    expect(unmetPremise(decl, [{ kind: 'remove-argument', key: 'x-queue-mode' }])).toMatch(/not among the declaration's arguments/);
  });

  it('a stream offset rewrite needs the literal inside the consume call', () => {
    const decl = declarationOf(SERVER_NAMED);
    const inside = { file: decl.at.file, start: decl.at.start + 1, end: decl.at.start + 2 };
    expect(unmetPremise(decl, [{ kind: 'set-stream-offset', at: inside, text: 'x', means: 'y' }])).toBeUndefined();
    expect(unmetPremise(decl, [{ kind: 'set-stream-offset', at: { ...inside, start: 0, end: 1 }, text: 'x', means: 'y' }])).toMatch(/outside the consume call/);
  });
});
