// The project counts retries in a header of its own and never reads x-death: republishing the received headers
// loses nothing it uses (the broker's x-death is no part of its retry logic).
import type { Channel, ConsumeMessage } from 'amqplib';

const RETRY_HEADER = 'x-retry-count';

export class RetryingConsumer {
  constructor(private readonly channel: Channel) {}

  async listen(queue: string) {
    await this.channel.prefetch(1);
    await this.channel.consume(queue, async (msg: ConsumeMessage | null) => {
      if (!msg) return;
      try {
        await handle(msg.content);
        this.channel.ack(msg);
      } catch {
        const headers = msg.properties.headers ?? {};
        const retries = Number(headers[RETRY_HEADER] ?? 0);
        if (retries < 3) {
          headers[RETRY_HEADER] = retries + 1;
          this.channel.sendToQueue(queue, msg.content, { headers: msg.properties.headers });
        }
        this.channel.ack(msg);
      }
    });
  }
}

declare function handle(body: Buffer): Promise<void>;
