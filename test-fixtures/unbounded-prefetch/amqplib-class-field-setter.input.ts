// A worker class whose prefetch field starts at 10 and changes only through its setter's parameter: 10 unless a
// caller of setPrefetch() chooses another on purpose, set on every path, so the consumer is not reported.
import * as amqp from 'amqplib';

export class Worker {
  private prefetchCount = 10;

  setPrefetch(count: number): this {
    this.prefetchCount = count;
    return this;
  }

  async start(url: string, queue: string): Promise<void> {
    const connection = await amqp.connect(url);
    const channel = await connection.createChannel();
    await channel.prefetch(this.prefetchCount);
    await channel.consume(queue, (msg) => {
      if (!msg) return;
      channel.ack(msg);
    });
  }
}
