// The queue the package's users make: it declares its queue and consumes it through the adapter.
import { AMQPClient } from '@cloudamqp/amqp-client';
import { ClientChannel } from './clients/ClientChannel';

export class JobsQueue {
  private readonly client: AMQPClient;

  constructor(url: string, private readonly name: string, private readonly prefetch = 20) {
    this.client = new AMQPClient(url);
  }

  async start(work: (body: string | null) => Promise<void>): Promise<void> {
    await this.client.connect();
    const channel = new ClientChannel(await this.client.channel());
    await channel.assertQueue(this.name);
    await channel.prefetch(this.prefetch);
    await channel.consume(
      this.name,
      async (msg) => {
        await work(msg.bodyToString());
        await msg.ack();
      },
      { noAck: false },
    );
  }
}
