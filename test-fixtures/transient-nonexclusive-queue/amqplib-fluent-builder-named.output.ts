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
    // rabbitmq4-codemod(transient-nonexclusive-queue): durable is false on some paths (where the
    // code does not set it): make the queue durable on every path (durable: true where it is first
    // set), or exclusive: true if only this connection uses it; no rewrite, since the other
    // assignments are the caller's choice
    const { queue } = await this.channel.assertQueue(this.options.names.queueName, {
      durable: this.options.durable,
      exclusive: this.options.exclusive || false,
      autoDelete: this.options.autoDelete,
    });
    return queue;
  }
}
