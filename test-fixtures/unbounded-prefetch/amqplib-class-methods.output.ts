import amqp, { Channel, Connection } from 'amqplib';

export class OrdersWorker {
  private connection?: Connection;
  private channel?: Channel;

  async start() {
    await this.connect();
    await this.channel!.consume('orders', (msg) => this.handle(msg), { noAck: false });
  }

  private async connect() {
    this.connection = await amqp.connect(process.env.AMQP_URL!);
    this.channel = await this.connection.createChannel();
    await this.channel.prefetch(10);
  }

  private handle(msg: amqp.ConsumeMessage | null) {
    if (msg) this.channel!.ack(msg);
  }
}

export class AuditWorker {
  private channel?: Channel;

  async start() {
    const connection = await amqp.connect(process.env.AMQP_URL!);
    this.channel = await connection.createChannel();
    await this.listen();
  }

  private async listen() {
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await this.channel!.consume('audit', (msg) => {
      if (msg) this.channel!.ack(msg);
    });
  }
}
