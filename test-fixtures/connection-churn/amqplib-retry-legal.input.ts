// Start-up code that retries until connected: each loop returns, breaks or stops waiting once connected.
import amqp from 'amqplib';

export class Broker {
  private connection?: amqp.ChannelModel;

  async connect(url: string, attempts = 5): Promise<amqp.ChannelModel> {
    for (let i = 0; i < attempts; i++) {
      try {
        this.connection = await amqp.connect(url);
        return this.connection;
      } catch (err) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * (i + 1)));
      }
    }
    throw new Error(`no broker at ${url}`);
  }
}

export async function waitForBroker(url: string) {
  let connection: amqp.ChannelModel | undefined;
  while (!connection) {
    try {
      connection = await amqp.connect(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
  return connection;
}

export async function firstReachable(urls: string[]) {
  for (const url of urls) {
    try {
      const conn = await amqp.connect(url);
      const ch = await conn.createChannel();
      await ch.checkQueue('health');
      return conn;
    } catch {
      // try the next node
    }
  }
  throw new Error('no node reachable');
}

export function connectWithRetry(url: string): void {
  amqp.connect(url).then(
    (conn) => conn.on('close', () => setTimeout(() => connectWithRetry(url), 5000)),
    () => setTimeout(() => connectWithRetry(url), 5000),
  );
}
