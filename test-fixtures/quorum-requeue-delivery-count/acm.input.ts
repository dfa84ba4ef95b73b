import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });

export async function listen() {
  await wrapper.assertQueue('events', { arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-exchange': 'dlx' } });
  await wrapper.consume('events', async (msg) => {
    try {
      await handle(msg.content);
      wrapper.ack(msg);
    } catch {
      wrapper.nack(msg, false, true);
    }
  }, { prefetch: 10 });
}

declare function handle(b: Buffer): Promise<void>;
