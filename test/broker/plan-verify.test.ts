/**
 * Issue 26 on the strict 4.3 node: `plan --verify` and a broker named without a password on the command line.
 *
 * - The sample project's plan (test/plan/sample) verified in a scratch vhost: every planned declaration, as the
 *   code will send it after the plan's changes, gets the reply the plan predicts; the scratch vhost is gone after.
 * - The limits of the vhost planned for (`--vhost`, a vhost of the test with max-queues set) are the scratch
 *   vhost's too: the declaration past the limit comes back with the broker's own refusal, which the tool did not
 *   predict, and the run says so (exit 1).
 * - Interrupted (SIGINT, SIGTERM) while it declares: the scratch vhost is removed before the process exits.
 * - Credentials from the environment or a rabbitmqadmin-style config file; an https management URL through a
 *   local TLS proxy with a self-signed certificate: refused without its CA, read with --ca-file.
 * - Issue 32: the AMQP endpoint (--amqp-url, else the broker's own listener from /api/overview on the management
 *   URL's host) said in the output; a wrong AMQP port or a user who may not create a vhost gives "not verified" with
 *   the reason and exit 2, never "not as predicted"; each planned consumer started once, a refused consume caught.
 * - audit types the code's declarations by the vhost's default queue type as the broker holds it (or as
 *   --default-queue-type says it will be), and the refusal it predicts is the broker's.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, project } from '../helpers';
import { PLAN_DIR } from '../plan/cases';
import { brokerAvailable, strictUrl, WHEN_STRICT } from './broker-env';
import { api, createVhost, deleteVhost, managementProblem, MANAGEMENT_URL, vhostUrl } from './management';

const available = brokerAvailable() && !managementProblem();
const WHEN = `${WHEN_STRICT} (and RABBITMQ_MANAGEMENT_URL)`;
const BIN = path.join(__dirname, '..', '..', 'bin', 'rabbitmq4-codemod');

/** The broker's addresses without credentials, and the credentials in the environment (never on the command line). */
function broker(): { args: string[]; env: NodeJS.ProcessEnv } {
  const m = new URL(MANAGEMENT_URL!);
  const a = new URL(strictUrl());
  const env = { ...process.env, NO_COLOR: '1', RABBITMQ4_CODEMOD_USERNAME: decodeURIComponent(m.username), RABBITMQ4_CODEMOD_PASSWORD: decodeURIComponent(m.password) };
  return { args: ['--management-url', m.origin, '--amqp-url', `amqp://${a.host}`], env };
}

function run(cwd: string, args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env, timeout: 120_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The CLI run without blocking this process (which serves the TLS proxy the CLI talks to). */
function runAsync(cwd: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

async function scratchVhosts(): Promise<string[]> {
  const r = await api('GET', '/api/vhosts');
  return (JSON.parse(r.text) as { name: string }[]).map((v) => v.name).filter((n) => n.startsWith('rabbitmq4-codemod-verify-'));
}

const createdIn = (stderr: string) => [...stderr.matchAll(/created the scratch vhost (\S+)/g)].map((m) => m[1]);

interface Verified {
  reply: string;
  predicted: string;
  asPredicted: boolean;
  type?: string;
  notDeclared?: string;
  notVerified?: string;
}
interface Report {
  queues: { name: string; declarations: { file: string; line: number; verified?: Verified }[] }[];
  consumers: { file: string; line: number; queue: string | null; after?: unknown; verified?: Verified }[];
  verification: {
    vhosts: { name: string; defaultQueueType: string }[];
    permission: string;
    amqp?: { url: string; from: string };
    problem?: string;
    declared: number;
    asPredicted: number;
    otherwise: number;
    notDeclared: number;
    notVerified: number;
    consumers: { sent: number; asPredicted: number; otherwise: number; notDeclared: number; notVerified: number };
    limitsFrom?: string;
  };
}
const verifiedOf = (r: Report) => r.queues.flatMap((q) => q.declarations.map((d) => ({ queue: q.name, at: `${d.file}:${d.line}`, ...d.verified! })));

describe.skipIf(!available)(`plan --verify on a real 4.3 broker ${WHEN}`, () => {
  let before: string[] = [];
  beforeAll(async () => {
    before = await scratchVhosts();
  });

  it("records the broker's reply to each planned declaration, as predicted, and deletes its scratch vhost", async () => {
    const { args, env } = broker();
    const r = run(path.join(PLAN_DIR, 'sample'), ['plan', '.', ...args, '--verify', '--format', 'json'], env);
    // Blocked (a conflict and a decision), but every reply is what the plan predicts.
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('plan --verify needs the administrator tag');
    const [scratch] = createdIn(r.stderr);
    expect(scratch).toMatch(/^rabbitmq4-codemod-verify-[0-9a-f]{8}$/);
    expect(r.stderr).toContain(`deleted the scratch vhost ${scratch}`);
    expect((await api('GET', `/api/vhosts/${scratch}`)).status).toBe(404);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.verification).toMatchObject({ vhosts: [{ name: scratch, defaultQueueType: 'quorum' }], declared: 10, asPredicted: 10, otherwise: 0, notDeclared: 1 });
    const replies = Object.fromEntries(verifiedOf(report).map((v) => [`${v.queue || "''"} ${v.at}`, v.notDeclared ? `not declared: ${v.notDeclared}` : `${v.reply}${v.type ? ` (${v.type})` : ''}`]));
    expect(replies).toEqual({
      "'' services/orders/src/topology.ts:13": 'accepted (classic)',
      'ledger services/orders/src/topology.ts:11': 'accepted (quorum)',
      'notifications services/notifier/src/notify.ts:7': 'not declared: durable comes from process.env.NOTIFICATIONS_DURABLE at services/notifier/src/notify.ts:7',
      'notifier.replies services/notifier/src/notify.ts:6': 'accepted (classic)',
      'orders services/billing/src/consumer.ts:6': 'accepted (quorum)',
      'orders services/orders/src/topology.ts:6': `406 PRECONDITION_FAILED - inequivalent arg 'x-message-ttl' for queue 'orders' in vhost '${scratch}': received none but current is the value '86400000' of type 'signedint'`,
      'orders.history services/orders/src/topology.ts:10': `406 PRECONDITION_FAILED - invalid arg 'x-max-age' for queue 'orders.history' in vhost '${scratch}' of queue type rabbit_quorum_queue`,
      'orders.lazy services/orders/src/topology.ts:8': 'accepted (quorum)',
      'orders.placement services/orders/src/topology.ts:9': 'accepted (quorum)',
      'orders.priority services/orders/src/topology.ts:7': 'accepted (quorum)',
      'reports services/orders/src/topology.ts:12': 'accepted (classic)',
    });
  });

  describe('with the limits of the vhost planned for', () => {
    let vhost = '';
    beforeAll(async () => {
      vhost = await createVhost('plan-limit', 'quorum');
      const set = await api('PUT', `/api/vhost-limits/${encodeURIComponent(vhost)}/max-queues`, { value: 4 });
      expect(set.status).toBeLessThan(300);
    });
    afterAll(() => deleteVhost(vhost));

    it("the queue past the vhost's max-queues gets the broker's refusal, which the tool did not predict (exit 1)", async () => {
      const { args, env } = broker();
      const r = run(path.join(PLAN_DIR, 'sample'), ['plan', '.', ...args, '--vhost', vhost, '--verify', '--format', 'json'], env);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`copied the limits of vhost '${vhost}' to the scratch vhost: max-queues 4`);
      const [scratch] = createdIn(r.stderr);
      const report = JSON.parse(r.stdout) as Report;
      expect(report.verification.limitsFrom).toBe(vhost);
      const surprises = verifiedOf(report).filter((v) => !v.asPredicted && !v.notDeclared);
      expect(surprises.length).toBeGreaterThan(0);
      for (const s of surprises) {
        expect(s.reply).toBe(`406 PRECONDITION_FAILED - cannot declare queue '${s.queue}': queue limit in vhost '${scratch}' (4) is reached`);
        expect(s.predicted).not.toBe(s.reply);
      }
      expect(report.verification.otherwise).toBe(surprises.length);
      // The vhost planned for is read, never changed: it is there with its limit and no queue.
      expect(JSON.parse((await api('GET', `/api/vhost-limits/${encodeURIComponent(vhost)}`)).text)).toEqual([{ vhost, value: { 'max-queues': 4 } }]);
      expect(JSON.parse((await api('GET', `/api/queues/${encodeURIComponent(vhost)}`)).text)).toEqual([]);
      expect((await api('GET', `/api/vhosts/${scratch}`)).status).toBe(404);
    });
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`interrupted by ${signal} while it declares: the scratch vhost is removed before it exits`, async () => {
      // Enough declarations that the run is still declaring when the signal comes.
      const lines = Array.from({ length: 100 }, (_, i) => `  await ch.assertQueue('rmq4cm-sig-${i}', { messageTtl: ${1000 + i} });`).join('\n');
      const dir = project({ 'src/many.ts': `import amqp from 'amqplib';\n\nexport async function many(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n${lines}\n}\n` });
      const { args, env } = broker();
      const child = spawn(process.execPath, [BIN, 'plan', '.', ...args, '--verify'], { cwd: dir, env });
      let stderr = '';
      let sent = false;
      let declaredAtSignal = 0;
      // 'close': the exit code, once everything the process wrote has been read.
      const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no scratch vhost within 60 s: ${stderr}`)), 60_000);
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString();
          // A hundred quorum queues take seconds to declare: the signal comes while they are declared.
          const made = /created the scratch vhost (\S+)/.exec(stderr);
          if (!sent && made) {
            sent = true;
            clearTimeout(timer);
            // The signal once the broker holds some of the queues: it comes while the run declares.
            void (async () => {
              const deadline = Date.now() + 20_000;
              while (Date.now() < deadline) {
                const r = await api('GET', `/api/queues/${made[1]}?columns=name`);
                if (r.status === 200 && (JSON.parse(r.text) as unknown[]).length >= 3) break;
                await new Promise((w) => setTimeout(w, 50));
              }
              declaredAtSignal = JSON.parse((await api('GET', `/api/queues/${made[1]}?columns=name`)).text).length;
              child.kill(signal);
              resolve();
            })().catch(reject);
          }
        });
      });
      const code = await exited;
      const [scratch] = createdIn(stderr);
      expect(stderr).toContain(`${signal}: removing the scratch vhost before exiting`);
      expect(stderr).toContain(`deleted the scratch vhost ${scratch}`);
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(declaredAtSignal).toBeGreaterThanOrEqual(3);
      expect(declaredAtSignal).toBeLessThan(100);
      expect((await api('GET', `/api/vhosts/${scratch}`)).status).toBe(404);
    });
  }

  it('says which AMQP endpoint it used (--amqp-url wins) and starts the planned consumer, as predicted', () => {
    const { args, env } = broker();
    const r = run(path.join(PLAN_DIR, 'sample'), ['plan', '.', ...args, '--verify', '--format', 'json'], env);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.verification.amqp).toEqual({ url: `amqp://${new URL(strictUrl()).host}`, from: '--amqp-url' });
    expect(report.verification.consumers).toEqual({ sent: 1, asPredicted: 1, otherwise: 0, notDeclared: 0, notVerified: 0 });
    expect(report.consumers.map((c) => [c.queue, c.verified?.reply])).toEqual([['orders', 'accepted']]);
  });

  it("given only the management URL: the AMQP endpoint is the broker's own listener (GET /api/overview) on its host, and everything verifies", () => {
    const { args, env } = broker();
    const r = run(path.join(PLAN_DIR, 'sample'), ['plan', '.', ...args.slice(0, 2), '--verify', '--format', 'json'], env);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    const a = new URL(strictUrl());
    expect(a.port).not.toBe('5672');
    expect(report.verification.amqp).toEqual({ url: `amqp://${new URL(MANAGEMENT_URL!).hostname}:${a.port}`, from: `the broker's own amqp listener (GET /api/overview: node rabbit@localhost, port ${a.port}), on the management URL's host` });
    expect(r.stderr).toContain(`rabbitmq4-codemod: AMQP: amqp://${new URL(MANAGEMENT_URL!).hostname}:${a.port} (the broker's own amqp listener`);
    expect(report.verification).toMatchObject({ declared: 10, asPredicted: 10, otherwise: 0, notDeclared: 1, notVerified: 0 });
    const text = run(path.join(PLAN_DIR, 'sample'), ['plan', '.', ...args.slice(0, 2), '--verify'], env);
    expect(text.stdout).toContain(`AMQP endpoint: amqp://${new URL(MANAGEMENT_URL!).hostname}:${a.port} (the broker's own amqp listener`);
  });

  it('a wrong AMQP port: every check "not verified: connection refused", never "not as predicted", and exit 2', () => {
    const { args, env } = broker();
    const wrong = `amqp://${new URL(strictUrl()).hostname}:1`;
    const r = run(path.join(PLAN_DIR, 'sample'), ['plan', '.', ...args.slice(0, 2), '--amqp-url', wrong, '--verify', '--format', 'json'], env);
    expect(r.code, r.stderr).toBe(2);
    const reason = `connection refused: cannot connect to ${wrong}: ECONNREFUSED (the AMQP endpoint from --amqp-url)`;
    expect(r.stderr).toContain(`rabbitmq4-codemod: plan --verify verified nothing: ${reason}\n`);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.verification).toMatchObject({ problem: reason, declared: 0, asPredicted: 0, otherwise: 0, notDeclared: 1, notVerified: 10, consumers: { sent: 0, otherwise: 0, notVerified: 1 } });
    for (const v of verifiedOf(report).filter((x) => !x.notDeclared)) expect([v.reply, v.notVerified, v.asPredicted]).toEqual(['not verified', reason, false]);
    // The same in the text: the reason, and no mismatch.
    const text = run(path.join(PLAN_DIR, 'sample'), ['plan', '.', ...args.slice(0, 2), '--amqp-url', wrong, '--verify'], env);
    expect(text.code).toBe(2);
    expect(text.stdout).toContain(`Not verified: ${reason}`);
    expect(text.stdout).toContain(`broker: ${reason}  not verified`);
    expect(text.stdout).not.toContain('not as predicted');
  });

  it('a user who may not create a vhost: "not verified" with the reason, exit 2', async () => {
    const user = `rmq4cm-monitor-${process.pid}`;
    // A kept-alive socket the management API closed meanwhile ("other side closed"): the request once more.
    const made = await api('PUT', `/api/users/${user}`, { password: 'monitor-pass-1', tags: 'monitoring' }).catch(() => api('PUT', `/api/users/${user}`, { password: 'monitor-pass-1', tags: 'monitoring' }));
    expect(made.status).toBeLessThan(300);
    try {
      const { args, env } = broker();
      const r = run(path.join(PLAN_DIR, 'sample'), ['plan', '.', ...args, '--verify', '--format', 'json'], { ...env, RABBITMQ4_CODEMOD_USERNAME: user, RABBITMQ4_CODEMOD_PASSWORD: 'monitor-pass-1' });
      expect(r.code, r.stderr).toBe(2);
      const report = JSON.parse(r.stdout) as Report;
      expect(report.verification.problem).toMatch(new RegExp(`^the user ${user} may not create a vhost at http://\\S+ \\(401\\): plan --verify needs the administrator tag`));
      expect(report.verification).toMatchObject({ vhosts: [], declared: 0, otherwise: 0, notVerified: 10 });
    } finally {
      await api('DELETE', `/api/users/${user}`).catch(() => api('DELETE', `/api/users/${user}`));
    }
  });

  it("a consume the broker refuses is caught, with the broker's exact reply: predicted (an x-stream-offset in no accepted form) or not; the digit-string offset's rewrite is accepted", () => {
    const dir = project({
      'src/replay.ts': `import amqp from 'amqplib';\n\nexport async function replay(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.assertQueue('rmq4cm-events', { durable: true, arguments: { 'x-queue-type': 'stream' } });\n  await ch.prefetch(50);\n  await ch.consume('rmq4cm-events', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': 'yesterday' } });\n  await ch.consume('rmq4cm-events', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': 'first' } });\n  await ch.consume('rmq4cm-events', (msg) => msg && ch.ack(msg), { noAck: false, priority: 5, arguments: { 'x-stream-offset': 'first' } });\n  await ch.consume('rmq4cm-events', (msg) => msg && ch.ack(msg), { noAck: false, arguments: { 'x-stream-offset': '1691492165' } });\n}\n`,
    });
    const { args, env } = broker();
    const r = run(dir, ['plan', '.', ...args, '--verify', '--format', 'json'], env);
    const report = JSON.parse(r.stdout) as Report;
    const [scratch] = createdIn(r.stderr);
    const replies = report.consumers.map((c) => ({ line: c.line, reply: c.verified?.reply, asPredicted: c.verified?.asPredicted }));
    expect(replies).toEqual([
      // Annotated, not rewritten: still refused after the changes, as predicted.
      { line: 7, reply: `406 PRECONDITION_FAILED - invalid arg 'x-stream-offset' for queue 'rmq4cm-events' in vhost '${scratch}': {invalid_stream_offset_arg,{longstr,<<"yesterday">>}}`, asPredicted: true },
      { line: 8, reply: 'accepted', asPredicted: true },
      // Not predicted by any rule: the broker's own word, and the run says so (exit 1).
      { line: 9, reply: `406 PRECONDITION_FAILED - invalid arg 'x-priority' for queue 'rmq4cm-events' in vhost '${scratch}' of queue type rabbit_stream_queue`, asPredicted: false },
      // Rewritten to the AMQP timestamp it means, and sent as one: the broker accepts the consumer as fix leaves it.
      { line: 10, reply: 'accepted', asPredicted: true },
    ]);
    expect(report.consumers[3].after).toEqual({ queue: 'rmq4cm-events', noAck: false, prefetch: 50, arguments: { 'x-stream-offset': 1691492165 }, wire: { 'x-stream-offset': 'timestamp' } });
    expect(report.verification.consumers).toEqual({ sent: 4, asPredicted: 3, otherwise: 1, notDeclared: 0, notVerified: 0 });
    expect(r.code, r.stderr).toBe(1);
  });

  it('leaves no scratch vhost behind', async () => {
    expect(await scratchVhosts()).toEqual(before);
  });
});

describe.skipIf(!available)(`a broker named without credentials on the command line ${WHEN}`, () => {
  const app = `import amqp from 'amqplib';\n\nexport async function setup(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.assertQueue('rmq4cm-creds', { durable: true });\n}\n`;

  it('audit reads the credentials from the environment; a wrong password is one line with no password in it', () => {
    const dir = project({ 'src/app.ts': app });
    const { env } = broker();
    const m = new URL(MANAGEMENT_URL!);
    const r = run(dir, ['audit', 'src', '--management-url', m.origin, '--format', 'json'], env);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'audit', source: { managementUrl: m.origin }, defaultQueueTypes: { node: 'classic', vhosts: { '/': 'classic' } } });
    const bad = run(dir, ['audit', '--management-url', m.origin], { ...env, RABBITMQ4_CODEMOD_PASSWORD: 'not-the-password-1234' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^rabbitmq4-codemod: the management API at http:\/\/[^ ]+ \(GET \/api\/overview\) refused the credentials \(401 Unauthorized\): check them/);
    expect(bad.stderr).not.toContain('not-the-password-1234');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('audit and plan read a rabbitmqadmin-style config file (--broker-config, --node)', () => {
    const m = new URL(MANAGEMENT_URL!);
    const conf = `# as ~/.rabbitmqadmin.conf\n[default]\nhostname = 127.0.0.1\nport = 1\n\n[test]\nhostname = ${m.hostname}\nport = ${m.port}\nusername = ${decodeURIComponent(m.username)}\npassword = "${decodeURIComponent(m.password)}"\n`;
    const dir = project({ 'src/app.ts': app, 'rabbitmqadmin.conf': conf });
    const env = { ...process.env, NO_COLOR: '1' };
    const r = run(dir, ['audit', 'src', '--broker-config', 'rabbitmqadmin.conf', '--node', 'test', '--format', 'json'], env);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'audit', summary: { declarations: 1 } });
    const p = run(dir, ['plan', 'src', '--broker-config', 'rabbitmqadmin.conf', '--node', 'test', '--format', 'json'], env);
    expect(p.stderr).toBe('');
    expect(JSON.parse(p.stdout)).toMatchObject({ kind: 'plan', broker: { nodes: 1 } });
    const missing = run(dir, ['audit', '--broker-config', 'rabbitmqadmin.conf', '--node', 'prod'], env);
    expect([missing.code, missing.stderr]).toEqual([2, 'rabbitmq4-codemod: --broker-config rabbitmqadmin.conf: no section [prod] (it has [default], [test])\n']);
  });

  describe('over https, through a local TLS proxy with a self-signed certificate', () => {
    let dir = '';
    let server: https.Server | undefined;
    let port = 0;
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmq4-tls-'));
      const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { cwd: dir, encoding: 'utf8' });
      expect(made.status, made.stderr).toBe(0);
      const target = new URL(MANAGEMENT_URL!);
      server = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
        // Forward as is (the client's own authorization header) to the management API on loopback.
        const out = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        });
        out.on('error', () => res.writeHead(502).end());
        req.pipe(out);
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('refuses the certificate without its CA, and reads the broker with --ca-file (or RABBITMQ4_CODEMOD_CA_FILE)', async () => {
      const { env } = broker();
      const url = `https://localhost:${port}`;
      const untrusted = await runAsync(dir, ['audit', '--management-url', url], env);
      expect(untrusted.code).toBe(2);
      expect(untrusted.stderr).toMatch(/^rabbitmq4-codemod: cannot reach the management API at https:\/\/localhost:\d+ \(GET \/api\/overview\): [A-Z_]+: the server's certificate is not trusted by the system's CAs \(give its CA with --ca-file\)\n$/);
      const trusted = await runAsync(dir, ['audit', '--management-url', url, '--ca-file', 'cert.pem', '--format', 'json'], env);
      expect(trusted.stderr).toBe('');
      expect(JSON.parse(trusted.stdout)).toMatchObject({ kind: 'audit', source: { managementUrl: url }, brokerVersion: expect.stringMatching(/^4\./) });
      const fromEnv = await runAsync(dir, ['audit', '--management-url', url, '--format', 'json'], { ...env, RABBITMQ4_CODEMOD_CA_FILE: path.join(dir, 'cert.pem') });
      expect(fromEnv.stderr).toBe('');
    });
  });
});

describe.skipIf(!available)(`audit judges the code by the vhost's default queue type ${WHEN}`, () => {
  let vhost = '';
  let dir = '';
  beforeAll(async () => {
    vhost = await createVhost('audit-dqt', 'classic');
    // The queue as the classic vhost made it.
    const amqp = await import('amqplib');
    const conn = await amqp.connect(vhostUrl(strictUrl(), vhost));
    await (await conn.createChannel()).assertQueue('work', { durable: true });
    await conn.close();
    dir = project({ 'src/app.ts': `import amqp from 'amqplib';\n\nexport async function setup(url: string) {\n  const ch = await (await amqp.connect(url)).createChannel();\n  await ch.assertQueue('work', { durable: true });\n}\n` });
  });
  afterAll(() => deleteVhost(vhost));

  const audit = (...extra: string[]) => {
    const { args, env } = broker();
    const r = run(dir, ['audit', 'src', ...args.slice(0, 2), '--vhost', vhost, '--format', 'json', ...extra], env);
    return JSON.parse(r.stdout) as { defaultQueueTypes: { vhosts: Record<string, string> }; findings: { ruleId: string; message: string; brokerError?: string; step: string }[] };
  };
  const mismatch = (r: ReturnType<typeof audit>) => r.findings.filter((f) => f.ruleId === 'broker-redeclare-mismatch');

  it("with the vhost's own default (classic) nothing differs; under --default-queue-type quorum, and once the vhost's default is quorum, the declaration is refused as stated", async () => {
    const today = audit();
    expect(today.defaultQueueTypes.vhosts[vhost]).toBe('classic');
    expect(mismatch(today)).toEqual([]);
    const planned = mismatch(audit('--default-queue-type', 'quorum'));
    const refusal = `406 PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'work' in vhost '${vhost}': received 'quorum' but current is 'classic'`;
    expect(planned.map((f) => f.brokerError)).toEqual([refusal]);
    expect(planned[0].message).toContain('the code names no x-queue-type: the default queue type makes it quorum');
    expect(planned[0].step).toContain("To keep it classic for now, declare it with x-queue-type: 'classic'.");
    // The vhost's default switched (the test's own vhost): audit reads it from the broker.
    expect((await api('PUT', `/api/vhosts/${encodeURIComponent(vhost)}`, { default_queue_type: 'quorum' })).status).toBe(204);
    const switched = audit();
    expect(switched.defaultQueueTypes.vhosts[vhost]).toBe('quorum');
    expect(mismatch(switched).map((f) => f.brokerError)).toEqual([refusal]);
    // And the broker says exactly that to the declaration as the code writes it.
    const amqp = await import('amqplib');
    const conn = await amqp.connect(vhostUrl(strictUrl(), vhost));
    conn.on('error', () => undefined);
    const ch = await conn.createChannel();
    ch.on('error', () => undefined);
    const err = await ch.assertQueue('work', { durable: true }).then(() => undefined, (e: Error) => e);
    await conn.close().catch(() => undefined);
    expect(err?.message).toContain(refusal.replace(/^406 /, ''));
  });
});
