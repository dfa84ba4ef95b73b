import * as amqp from 'amqplib';

export class Broker {
  private static instance: Broker;
  private channel!: amqp.Channel;

  static getInstance(): Broker {
    if (!Broker.instance) Broker.instance = new Broker();
    return Broker.instance;
  }

  async init(url: string) {
    const connection = await amqp.connect(url);
    this.channel = await connection.createChannel();
  }

  async subscribe(queue: string, onMessage: (msg: amqp.ConsumeMessage) => void) {
    await this.channel.assertQueue(queue, { durable: true });
    // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
    // the number of messages the handler may work on at once (10 to 100 is typical)
    await this.channel.consume(queue, (msg) => {
      if (msg) {
        onMessage(msg);
        this.channel.ack(msg);
      }
    });
  }
}
