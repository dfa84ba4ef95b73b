// A subclass whose constructor makes its queue durable whatever the caller's queue options say.
import { ServerRMQ, type RmqOptions } from '@nestjs/microservices';

export class AuditTransport extends ServerRMQ {
  constructor(options: RmqOptions['options']) {
    super({ ...options, queueOptions: { ...options?.queueOptions, durable: true } });
  }

  async setupChannel(channel: any, callback: Function): Promise<void> {
    await channel.assertQueue('audit.log', { ...this.queueOptions });
    await channel.prefetch(5);
    channel.consume('audit.log', async (msg: any) => {
      await this.handleMessage(msg, channel);
      channel.ack(msg);
    }, { noAck: false });
    callback();
  }
}
