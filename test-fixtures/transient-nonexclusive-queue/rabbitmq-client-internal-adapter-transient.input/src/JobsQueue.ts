// The queue the package's users make: it declares its queue and consumes it through the adapter.
import { Connection } from 'rabbitmq-client';
import { ClientChannel } from './clients/ClientChannel';

export class JobsQueue {
  private readonly connection: Connection;

  constructor(url: string, private readonly name: string, private readonly prefetch = 20) {
    this.connection = new Connection(url);
  }

  async start(work: (body: unknown) => Promise<void>): Promise<void> {
    const channel = new ClientChannel(await this.connection.acquire());
    await channel.assertQueue(this.name, { durable: false });
    await channel.prefetch(this.prefetch);
    await channel.consume(this.name, async (msg) => {
      await work(msg.body);
      channel.ack(msg);
    });
  }
}
