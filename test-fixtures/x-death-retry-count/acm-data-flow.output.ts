// amqp-connection-manager: the x-death count read through find and reduce, then republished.
import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });

export async function listen() {
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await wrapper.consume('events', async (msg) => {
    const deaths: { queue: string; count: number }[] = msg.properties.headers?.['x-death'] ?? [];
    const mine = deaths.find((d) => d.queue === 'events');
    const retries = deaths.reduce((n, d) => n + d.count, 0);
    if (retries > 10 || (mine && mine.count > 5)) {
      wrapper.ack(msg);
      return;
    }
    await wrapper.publish('events-retry', '', msg.content);
    wrapper.ack(msg);
  }, { prefetch: 10 });
}
