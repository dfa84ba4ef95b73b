import { connect, type Channel } from 'amqplib';

export class Worker {
  private channel?: Channel;

  async start(url: string): Promise<void> {
    this.channel = await (await connect(url)).createChannel();
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    // rabbitmq4-codemod(manual-ack-never-settled): settle every message the handler receives: ack
    // it when its work is done (and nack or reject it when it fails), or consume with noAck: true
    // if losing messages on a crash is acceptable
    await this.channel.consume('reports', (msg) => this.handle(msg));
  }

  private handle(msg: unknown): void {
    console.log(msg);
  }
}
