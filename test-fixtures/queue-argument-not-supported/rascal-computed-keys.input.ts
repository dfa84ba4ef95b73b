import Broker from 'rascal';

export class Messaging {
  private config!: Broker.BrokerConfig;

  constructor(private readonly prefix: string) {
    this.configure();
  }

  private configure() {
    this.config = {
      vhosts: {
        [`${process.env.RABBITMQ_VHOST}`]: {
          queues: {
            [`${this.prefix}:events`]: { options: { durable: true, arguments: { 'x-queue-type': 'quorum', 'x-max-priority': 10 } } },
          },
        },
      },
    };
  }

  private getConfig(): Broker.BrokerConfig {
    return this.config;
  }

  async start() {
    return Broker.BrokerAsPromised.create(this.getConfig());
  }
}
