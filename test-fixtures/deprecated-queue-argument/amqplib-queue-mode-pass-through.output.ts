import amqplib from 'amqplib';

// A library's topology: the library user's options, passed through (undefined unless they set them).
export interface QueueTopology {
  queueName: string;
  durable?: boolean;
  queueMode?: 'default' | 'lazy';
  maxPriority?: number;
}

export class ConnectionManager {
  private readonly queueTopology: QueueTopology[] = [];

  addQueueTopology(topology: QueueTopology): void {
    this.queueTopology.push(topology);
  }

  async connect(url: string): Promise<void> {
    const conn = await amqplib.connect(url);
    const ch = await conn.createChannel();
    for (const topology of this.queueTopology) {
      await ch.assertQueue(topology.queueName, {
        durable: topology.durable ?? true,
        queueMode: topology.queueMode,
        arguments: { 'x-max-priority': topology.maxPriority },
      } as amqplib.Options.AssertQueue);
    }
    // The library's own queue, in the mode it chose: this one sets x-queue-mode.
    // rabbitmq4-codemod(deprecated-queue-argument): remove queueMode (x-queue-mode) when the queue
    // is next recreated (removing it from the declaration of an existing queue is refused with 406
    // inequivalent arg 'x-queue-mode')
    await ch.assertQueue('rabbitmq-tools.events', { durable: true, queueMode: 'lazy' });
    await ch.close();
  }
}
