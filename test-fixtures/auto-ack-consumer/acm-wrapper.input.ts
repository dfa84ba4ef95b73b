import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });

export async function listen() {
  await wrapper.consume('events', (msg) => {
    console.log(msg.content.toString());
  }, { noAck: true });
}
