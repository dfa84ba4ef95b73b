import { afterEach, describe, expect, it } from 'vitest';
import { DiagnosticSeverity, MessageType } from 'vscode-languageserver-protocol/node';
import { fileUri, LspSession, WORKER, type StartOptions } from './lsp-session';

let session: LspSession | undefined;
afterEach(() => session?.dispose());

const uri = fileUri('worker.ts');
const other = fileUri('other.ts');
const RULE = 'transient-nonexclusive-queue';

async function start(options: StartOptions = {}): Promise<LspSession> {
  session = await LspSession.start(options);
  return session;
}

describe('lsp settings', () => {
  it('re-publishes every open document when the target changes through didChangeConfiguration', async () => {
    const s = await start();
    await s.open(uri, WORKER);
    await s.open(other, WORKER.replace("'jobs'", "'other'"));
    expect((await s.diagnostics(uri, 1)).diagnostics[0].severity).toBe(DiagnosticSeverity.Error);
    expect((await s.diagnostics(other, 1)).diagnostics[0].severity).toBe(DiagnosticSeverity.Error);

    await s.configure({ 'rabbitmq4-codemod': { target: '4.1' } });
    for (const doc of [uri, other]) {
      const again = await s.publication(doc, 2);
      expect(again.version).toBe(1);
      expect(again.diagnostics.map((d) => [d.code, d.severity])).toEqual([[RULE, DiagnosticSeverity.Warning]]);
    }
  });

  it('removes the diagnostics of disabled rules, and brings them back when re-enabled', async () => {
    const s = await start();
    await s.open(uri, WORKER);
    await s.diagnostics(uri, 1);
    await s.configure({ 'rabbitmq4-codemod': { disabledRules: [RULE] } });
    expect((await s.publication(uri, 2)).diagnostics).toEqual([]);
    await s.configure({ 'rabbitmq4-codemod': { disabledRules: [] } });
    expect((await s.publication(uri, 3)).diagnostics.map((d) => d.code)).toEqual([RULE]);
  });

  it('defaultQueueType: a declaration without x-queue-type is judged as the broker types it under that default', async () => {
    const s = await start();
    const text = `import amqp from 'amqplib';

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.assertQueue('jobs', { maxPriority: 5, deadLetterExchange: 'dlx' });
}
`;
    await s.open(uri, text);
    expect((await s.diagnostics(uri, 1)).diagnostics).toEqual([]);
    await s.configure({ 'rabbitmq4-codemod': { defaultQueueType: 'quorum' } });
    const under = await s.publication(uri, 2);
    expect(under.diagnostics.map((d) => [d.code, d.severity])).toEqual([['queue-argument-not-supported', DiagnosticSeverity.Error]]);
    expect(under.diagnostics[0].message).toContain('typed quorum by the default queue type');
    await s.configure({ 'rabbitmq4-codemod': { defaultQueueType: 'lazy' } });
    await s.waitForLog(/defaultQueueType must be one of classic, quorum, stream \(got "lazy"\); keeping quorum/);
    await s.configure({ 'rabbitmq4-codemod': { defaultQueueType: 'classic' } });
    expect((await s.publication(uri, 3)).diagnostics).toEqual([]);
  });

  it('reads initializationOptions, and an empty settings payload does not undo them', async () => {
    const s = await start({ initializationOptions: { target: '4.1' } });
    await s.configure({});
    await s.open(uri, WORKER);
    expect((await s.diagnostics(uri, 1)).diagnostics[0].severity).toBe(DiagnosticSeverity.Warning);
  });

  it('ignores invalid settings with a logged warning and keeps working', async () => {
    const s = await start({ initializationOptions: { 'rabbitmq4-codemod': { target: 5, disabledRules: 'all' } } });
    const startup = await s.waitForLog(/target must be one of 4\.0, 4\.1, 4\.2, 4\.3 \(got 5\)/);
    expect(startup.type).toBe(MessageType.Warning);
    await s.waitForLog(/disabledRules must be a list of rule ids/);
    await s.open(uri, WORKER);
    expect((await s.diagnostics(uri, 1)).diagnostics.map((d) => [d.code, d.severity])).toEqual([[RULE, DiagnosticSeverity.Error]]);

    await s.configure({ 'rabbitmq4-codemod': { target: '4.1' } });
    await s.publication(uri, 2);
    await s.configure({ 'rabbitmq4-codemod': 'not an object' });
    await s.waitForLog(/expected an object for 'rabbitmq4-codemod', got "not an object"/);
    await s.configure({ 'rabbitmq4-codemod': { target: '3.13', disabledRules: ['no-such-rule'] } });
    await s.waitForLog(/got "3\.13"\); keeping 4\.1/);
    await s.waitForLog(/unknown rules: no-such-rule/);
    await s.configure(null);
    const version = await s.changeFully(uri, WORKER.replace("'jobs'", "'jobs-2'"));
    expect((await s.diagnostics(uri, version)).diagnostics.map((d) => d.severity)).toEqual([DiagnosticSeverity.Warning]);
    expect(s.child.exitCode).toBeNull();
  });
});
