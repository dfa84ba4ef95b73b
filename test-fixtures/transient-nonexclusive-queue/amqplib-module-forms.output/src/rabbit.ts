import * as amqp from 'amqplib';

class Rabbit {
  channel!: amqp.Channel;

  async connect() {
    this.channel = await (await amqp.connect(process.env.AMQP_URL!)).createChannel();
    return this.channel;
  }
}

export = new Rabbit();
