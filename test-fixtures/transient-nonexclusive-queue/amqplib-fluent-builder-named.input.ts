import * as amqp from 'amqplib';

interface QueueNames {
  queueName: string;
  routingKey?: string;
}

interface QueueOptions {
  names: QueueNames;
  durable: boolean;
  exclusive: boolean;
  autoDelete: boolean;
}

/** A fluent queue builder: `new QueueBuilder(channel).named('jobs').durable().declare()`. */
export class QueueBuilder {
  private options: QueueOptions = {
    names: { queueName: '' },
    durable: false,
    exclusive: false,
    autoDelete: false,
  };

  constructor(private readonly channel: amqp.Channel) {}

  named(queueName: string, routingKey?: string): this {
    this.options.names = { queueName, routingKey };
    return this;
  }

  durable(): this {
    this.options.durable = true;
    return this;
  }

  async declare(): Promise<string> {
    const { queue } = await this.channel.assertQueue(this.options.names.queueName, {
      durable: this.options.durable,
      exclusive: this.options.exclusive || false,
      autoDelete: this.options.autoDelete,
    });
    return queue;
  }
}
