import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });

export async function listen() {
  await wrapper.consume('events', (msg) => {
    console.log(msg.content.toString());
    if (msg) wrapper.ack(msg);
  }, { noAck: false, prefetch: 10 });
}
