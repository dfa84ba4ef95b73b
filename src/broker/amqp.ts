// Just enough AMQP 0-9-1 to ask a broker about a queue declaration and a consumer (plan --verify): open a connection
// (PLAIN, over TCP or TLS), declare a queue or start a consumer (basic.qos, basic.consume, basic.cancel) on a channel
// of its own, and read the broker's real reply (a channel.close or connection.close is a reply, not an error).
import * as net from 'node:net';
import * as tls from 'node:tls';

/** The close the broker sent instead of the answer asked for (406 on the channel, 541 on the connection). */
export type Refusal = { ok: false; code: number; text: string; scope: 'channel' | 'connection' };

/** What the broker answered a declaration: declare-ok, or its refusal. */
export type DeclareReply = { ok: true; queue: string; messages: number; consumers: number } | Refusal;

/** What the broker answered a consumer: consume-ok (then cancelled), or its refusal (of the basic.qos or the basic.consume). */
export type ConsumeReply = { ok: true; consumerTag: string } | Refusal;

/** A consumer as the code starts it: basic.qos (when it sets a prefetch), then basic.consume. */
export interface ConsumeRequest {
  queue: string;
  noAck: boolean;
  /** basic.qos prefetch-count on the consumer's channel before it consumes; none when the code sets none. */
  prefetch?: number;
  arguments: Record<string, unknown>;
}

/** A table value sent as an AMQP timestamp (field type T: seconds since the epoch), as amqplib's `{ '!': 'timestamp', value }` and @cloudamqp/amqp-client's Date are. */
export class Timestamp {
  constructor(readonly seconds: number) {}
}

export interface AmqpTarget {
  url: URL;
  username: string;
  password: string;
  vhost: string;
  /** PEM text of a CA to trust besides the system's, for amqps://. */
  ca?: string;
  timeoutMs?: number;
}

export interface Declaration {
  queue: string;
  durable: boolean;
  exclusive: boolean;
  autoDelete: boolean;
  arguments: Record<string, unknown>;
}

/** Why a connection could not be used: nothing listens, no answer in time, the credentials or the vhost refused, or it broke. */
export type AmqpFailure = 'refused' | 'unreachable' | 'timeout' | 'authentication' | 'access' | 'broken';

/** The connection could not be opened or broke: one line (credentials never in it). */
export class AmqpError extends Error {
  constructor(
    message: string,
    readonly failure: AmqpFailure = 'broken',
  ) {
    super(message);
  }
}

/** The failure a connection.close during the handshake means: 403 the login, 530 the vhost. */
const failureOf = (code: number): AmqpFailure => (code === 403 ? 'authentication' : code === 530 ? 'access' : 'broken');

const FRAME_END = 0xce;
const method = (cls: number, m: number) => (cls << 16) | m;
const CONNECTION_START = method(10, 10);
const CONNECTION_TUNE = method(10, 30);
const CONNECTION_OPEN_OK = method(10, 41);
const CONNECTION_CLOSE = method(10, 50);
const CHANNEL_OPEN_OK = method(20, 11);
const CHANNEL_CLOSE = method(20, 40);
const QUEUE_DECLARE_OK = method(50, 11);
const BASIC_QOS_OK = method(60, 11);
const BASIC_CONSUME_OK = method(60, 21);
const BASIC_CANCEL_OK = method(60, 31);
const BASIC_DELIVER = method(60, 60);

// ---------------------------------------------------------------- encoding

class Writer {
  private parts: Buffer[] = [];
  octet(v: number) {
    this.parts.push(Buffer.from([v & 0xff]));
    return this;
  }
  short(v: number) {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v);
    this.parts.push(b);
    return this;
  }
  long(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v);
    this.parts.push(b);
    return this;
  }
  shortstr(s: string) {
    const b = Buffer.from(s, 'utf8');
    if (b.length > 255) throw new AmqpError(`'${s.slice(0, 40)}…' is longer than the 255 bytes AMQP allows a name`);
    return this.octet(b.length).raw(b);
  }
  longstr(s: string | Buffer) {
    const b = typeof s === 'string' ? Buffer.from(s, 'utf8') : s;
    return this.long(b.length).raw(b);
  }
  raw(b: Buffer) {
    this.parts.push(b);
    return this;
  }
  table(t: Record<string, unknown>) {
    const body = new Writer();
    for (const [k, v] of Object.entries(t)) body.shortstr(k).field(v);
    const bytes = body.done();
    return this.long(bytes.length).raw(bytes);
  }
  /** A field value with the type amqplib gives it (the smallest integer that holds a whole number). */
  field(v: unknown): this {
    if (v instanceof Timestamp) {
      const b = Buffer.alloc(8);
      b.writeBigUInt64BE(BigInt(Math.trunc(v.seconds)));
      return this.octet(0x54).raw(b);
    }
    if (typeof v === 'string') return this.octet(0x53).longstr(v);
    if (typeof v === 'boolean') return this.octet(0x74).octet(v ? 1 : 0);
    if (typeof v === 'number') {
      if (!Number.isInteger(v)) {
        const b = Buffer.alloc(8);
        b.writeDoubleBE(v);
        return this.octet(0x64).raw(b);
      }
      if (v >= -0x80 && v < 0x80) {
        const b = Buffer.alloc(1);
        b.writeInt8(v);
        return this.octet(0x62).raw(b);
      }
      if (v >= -0x8000 && v < 0x8000) {
        const b = Buffer.alloc(2);
        b.writeInt16BE(v);
        return this.octet(0x73).raw(b);
      }
      if (v >= -0x80000000 && v < 0x80000000) {
        const b = Buffer.alloc(4);
        b.writeInt32BE(v);
        return this.octet(0x49).raw(b);
      }
      const b = Buffer.alloc(8);
      b.writeBigInt64BE(BigInt(v));
      return this.octet(0x6c).raw(b);
    }
    if (v === null || v === undefined) return this.octet(0x56);
    if (Array.isArray(v)) {
      const body = new Writer();
      for (const x of v) body.field(x);
      const bytes = body.done();
      return this.octet(0x41).long(bytes.length).raw(bytes);
    }
    if (typeof v === 'object') return this.octet(0x46).table(v as Record<string, unknown>);
    throw new AmqpError(`cannot send a ${typeof v} as an AMQP field`);
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

function methodFrame(channel: number, cls: number, m: number, args: (w: Writer) => Writer): Buffer {
  const payload = args(new Writer().short(cls).short(m)).done();
  const head = Buffer.alloc(7);
  head.writeUInt8(1, 0);
  head.writeUInt16BE(channel, 1);
  head.writeUInt32BE(payload.length, 3);
  return Buffer.concat([head, payload, Buffer.from([FRAME_END])]);
}

// ---------------------------------------------------------------- decoding (only what the replies hold)

interface Frame {
  channel: number;
  id: number;
  args: Buffer;
}

function shortstrAt(b: Buffer, at: number): [string, number] {
  const n = b.readUInt8(at);
  return [b.toString('utf8', at + 1, at + 1 + n), at + 1 + n];
}

/** reply-code and reply-text of a channel.close or connection.close. */
function closeOf(args: Buffer): { code: number; text: string } {
  const code = args.readUInt16BE(0);
  const [text] = shortstrAt(args, 2);
  return { code, text };
}

/** One connection: frames in, a queue of waiters for the next method on a channel. */
class Connection {
  private buffer = Buffer.alloc(0);
  private waiters: { channel: number; resolve: (f: Frame) => void; reject: (e: Error) => void }[] = [];
  private failure?: Error;
  closedBy?: { code: number; text: string };

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (d: Buffer) => this.read(d));
    socket.on('error', (e) => this.fail(new AmqpError(e.message, 'broken')));
    socket.on('close', () => this.fail(new AmqpError(this.closedBy ? `${this.closedBy.code} ${this.closedBy.text}` : 'the broker closed the connection')));
  }

  private read(d: Buffer) {
    this.buffer = Buffer.concat([this.buffer, d]);
    while (this.buffer.length >= 8) {
      const size = this.buffer.readUInt32BE(3);
      if (this.buffer.length < size + 8) return;
      const type = this.buffer.readUInt8(0);
      const channel = this.buffer.readUInt16BE(1);
      const payload = this.buffer.subarray(7, 7 + size);
      this.buffer = this.buffer.subarray(size + 8);
      if (type !== 1) continue; // heartbeats, content: nothing asked for them
      const id = (payload.readUInt16BE(0) << 16) | payload.readUInt16BE(2);
      const frame = { channel, id, args: payload.subarray(4) };
      if (id === CONNECTION_CLOSE) {
        this.closedBy = closeOf(frame.args);
        this.write(methodFrame(0, 10, 51, (w) => w));
      }
      const i = this.waiters.findIndex((w) => w.channel === channel || id === CONNECTION_CLOSE);
      if (i >= 0) this.waiters.splice(i, 1)[0].resolve(frame);
    }
  }

  private fail(e: Error) {
    this.failure ??= e;
    for (const w of this.waiters.splice(0)) w.reject(this.failure);
  }

  write(b: Buffer) {
    if (!this.socket.destroyed) this.socket.write(b);
  }

  next(channel: number, timeoutMs: number): Promise<Frame> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new AmqpError(`no answer from the broker in ${timeoutMs / 1000} s`, 'timeout')), timeoutMs);
      this.waiters.push({ channel, resolve: (f) => (clearTimeout(timer), resolve(f)), reject: (e) => (clearTimeout(timer), reject(e)) });
    });
  }

  end() {
    this.socket.end();
    this.socket.destroy();
  }
}

/** An open AMQP connection to one vhost, declaring each queue on a channel of its own. */
export class AmqpSession {
  private nextChannel = 1;

  private constructor(
    private readonly conn: Connection,
    private readonly timeoutMs: number,
  ) {}

  /** Opens a connection (protocol header, PLAIN, tune, open); rejects with the broker's refusal (403, 530) as an AmqpError. */
  static async open(t: AmqpTarget): Promise<AmqpSession> {
    const timeoutMs = t.timeoutMs ?? 10_000;
    const port = Number(t.url.port) || (t.url.protocol === 'amqps:' ? 5671 : 5672);
    const host = t.url.hostname.replace(/^\[|\]$/g, '');
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s =
        t.url.protocol === 'amqps:'
          ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host, ...(t.ca ? { ca: [...tls.rootCertificates, t.ca] } : {}) }, () => resolve(s))
          : net.connect({ host, port }, () => resolve(s));
      let timedOut = false;
      s.setTimeout(timeoutMs, () => {
        timedOut = true;
        s.destroy(new Error(`no connection in ${timeoutMs / 1000} s`));
      });
      s.once('error', (e: NodeJS.ErrnoException) => {
        const failure: AmqpFailure = timedOut ? 'timeout' : e.code === 'ECONNREFUSED' ? 'refused' : /^(ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL)$/.test(e.code ?? '') ? 'unreachable' : 'broken';
        const why = timedOut ? e.message : (e.code ?? e.message);
        reject(new AmqpError(`cannot connect to ${t.url.protocol}//${host}:${port}: ${why}`, failure));
      });
    });
    socket.setTimeout(0);
    const conn = new Connection(socket);
    const session = new AmqpSession(conn, timeoutMs);
    try {
      conn.write(Buffer.from('AMQP\x00\x00\x09\x01', 'latin1'));
      await session.expect(0, CONNECTION_START);
      const response = Buffer.from(`\u0000${t.username}\u0000${t.password}`, 'utf8');
      conn.write(
        methodFrame(0, 10, 11, (w) =>
          w
            .table({ product: 'rabbitmq4-codemod', information: 'plan --verify', capabilities: { authentication_failure_close: true } })
            .shortstr('PLAIN')
            .longstr(response)
            .shortstr('en_US'),
        ),
      );
      const tune = await session.expect(0, CONNECTION_TUNE);
      const channelMax = tune.args.readUInt16BE(0);
      const frameMax = tune.args.readUInt32BE(2);
      conn.write(methodFrame(0, 10, 31, (w) => w.short(channelMax).long(frameMax ? Math.min(frameMax, 131072) : 131072).short(0)));
      conn.write(methodFrame(0, 10, 40, (w) => w.shortstr(t.vhost).shortstr('').octet(0)));
      await session.expect(0, CONNECTION_OPEN_OK);
      return session;
    } catch (e) {
      conn.end();
      throw e;
    }
  }

  /** The next method on a channel must be `id`; a close instead is the broker's refusal. */
  private async expect(channel: number, id: number): Promise<Frame> {
    const f = await this.conn.next(channel, this.timeoutMs);
    if (f.id === id) return f;
    if (f.id === CONNECTION_CLOSE) {
      const c = closeOf(f.args);
      throw new AmqpError(`${c.code} ${c.text}`, failureOf(c.code));
    }
    throw new AmqpError(`unexpected AMQP method ${f.id >> 16}.${f.id & 0xffff} on channel ${channel}`);
  }

  /** queue.declare on a new channel: the broker's reply, whatever it is (a closed channel is a reply, not an error). */
  async declare(d: Declaration): Promise<DeclareReply> {
    const channel = this.nextChannel++;
    this.conn.write(methodFrame(channel, 20, 10, (w) => w.shortstr('')));
    const opened = await this.conn.next(channel, this.timeoutMs).catch((e: Error) => {
      if (this.conn.closedBy) return undefined;
      throw e;
    });
    if (!opened) return { ok: false, ...this.conn.closedBy!, scope: 'connection' };
    if (opened.id !== CHANNEL_OPEN_OK) return this.closeReply(channel, opened);
    const bits = (d.durable ? 2 : 0) | (d.exclusive ? 4 : 0) | (d.autoDelete ? 8 : 0);
    this.conn.write(methodFrame(channel, 50, 10, (w) => w.short(0).shortstr(d.queue).octet(bits).table(d.arguments)));
    let f: Frame;
    try {
      f = await this.conn.next(channel, this.timeoutMs);
    } catch (e) {
      if (this.conn.closedBy) return { ok: false, ...this.conn.closedBy, scope: 'connection' };
      throw e;
    }
    if (f.id !== QUEUE_DECLARE_OK) return this.closeReply(channel, f);
    const [queue, at] = shortstrAt(f.args, 0);
    return { ok: true, queue, messages: f.args.readUInt32BE(at), consumers: f.args.readUInt32BE(at + 4) };
  }

  /**
   * The consumer started once on a new channel: basic.qos when it sets a prefetch, basic.consume with its
   * arguments, then basic.cancel. The broker's reply, whatever it is (a refusal of either is a reply).
   */
  async consume(c: ConsumeRequest): Promise<ConsumeReply> {
    const channel = this.nextChannel++;
    try {
      this.conn.write(methodFrame(channel, 20, 10, (w) => w.shortstr('')));
      const opened = await this.conn.next(channel, this.timeoutMs);
      if (opened.id !== CHANNEL_OPEN_OK) return this.closeReply(channel, opened);
      if (c.prefetch !== undefined) {
        this.conn.write(methodFrame(channel, 60, 10, (w) => w.long(0).short(Math.min(c.prefetch!, 0xffff)).octet(0)));
        const qos = await this.conn.next(channel, this.timeoutMs);
        if (qos.id !== BASIC_QOS_OK) return this.closeReply(channel, qos);
      }
      this.conn.write(methodFrame(channel, 60, 20, (w) => w.short(0).shortstr(c.queue).shortstr('').octet(c.noAck ? 2 : 0).table(c.arguments)));
      const ok = await this.conn.next(channel, this.timeoutMs);
      if (ok.id !== BASIC_CONSUME_OK) return this.closeReply(channel, ok);
      const [consumerTag] = shortstrAt(ok.args, 0);
      this.conn.write(methodFrame(channel, 60, 30, (w) => w.shortstr(consumerTag).octet(0)));
      // A message the queue holds may be delivered before the cancel is answered: the consumer asked for none.
      for (;;) {
        const f = await this.conn.next(channel, this.timeoutMs);
        if (f.id === BASIC_DELIVER) continue;
        if (f.id === BASIC_CANCEL_OK) break;
        return this.closeReply(channel, f);
      }
      this.conn.write(methodFrame(channel, 20, 40, (w) => w.short(200).shortstr('plan --verify done').short(0).short(0)));
      return { ok: true, consumerTag };
    } catch (e) {
      if (this.conn.closedBy) return { ok: false, ...this.conn.closedBy, scope: 'connection' };
      throw e;
    }
  }

  private closeReply(channel: number, f: Frame): Refusal {
    if (f.id === CHANNEL_CLOSE) {
      this.conn.write(methodFrame(channel, 20, 41, (w) => w));
      return { ok: false, ...closeOf(f.args), scope: 'channel' };
    }
    if (f.id === CONNECTION_CLOSE) return { ok: false, ...closeOf(f.args), scope: 'connection' };
    throw new AmqpError(`unexpected AMQP method ${f.id >> 16}.${f.id & 0xffff}`);
  }

  /** Whether the broker closed this connection (after a 541, nothing more can be declared on it). */
  get closed(): boolean {
    return !!this.conn.closedBy;
  }

  async close(): Promise<void> {
    if (!this.conn.closedBy) {
      this.conn.write(methodFrame(0, 10, 50, (w) => w.short(200).shortstr('plan --verify done').short(0).short(0)));
      await this.conn.next(0, 2000).catch(() => undefined);
    }
    this.conn.end();
  }
}

