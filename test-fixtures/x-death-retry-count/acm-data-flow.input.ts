// amqp-connection-manager: the x-death count read through find and reduce, then republished.
import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });

export async function listen() {
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
