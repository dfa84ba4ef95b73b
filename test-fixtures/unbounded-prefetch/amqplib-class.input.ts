import { connect, type Channel } from 'amqplib';

export class Worker {
  private channel?: Channel;

  async start(url: string): Promise<void> {
    this.channel = await (await connect(url)).createChannel();
    await this.channel.consume('reports', (msg) => this.handle(msg));
  }

  private handle(msg: unknown): void {
    console.log(msg);
  }
}
