import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });

export async function listen() {
  await wrapper.consume('events', async (msg) => {
    const deaths = msg.properties.headers['x-death'] || [];
    if (deaths.length && deaths[0].count > 10) {
      wrapper.ack(msg);
      return;
    }
    await wrapper.publish('events-retry', '', msg.content, { headers: msg.properties.headers });
    wrapper.ack(msg);
  }, { prefetch: 10 });
}
