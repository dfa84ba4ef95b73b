import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });

export async function listen() {
  await wrapper.assertQueue('events', { arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-exchange': 'dlx' } });
  // rabbitmq4-codemod(quorum-requeue-delivery-count): use reject(msg, true) for a failure that
  // should count toward the delivery limit and keep nack(msg, false, true) for "not now" returns;
  // count retries with x-acquired-count on 4.3 (or a header of your own); consider the 4.3
  // delayed-retry queue arguments instead of an immediate requeue
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
