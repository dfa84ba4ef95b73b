import amqp, { type Channel } from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);

// The wrapper's consume re-subscribes on a cancel and never calls the handler with null.
const wrapper = connection.createChannel({ json: true });
export async function listen() {
  await wrapper.consume('events', (msg) => {
    console.log(msg.content.toString());
    wrapper.ack(msg);
  }, { prefetch: 10 });
}

// A setup function gets a raw amqplib channel: its consume passes null on a cancel.
export const raw = connection.createChannel({
  setup: async (channel: Channel) => {
    await channel.prefetch(10);
    await channel.consume('raw-events', (msg) => {
      console.log(msg.content.toString());
      channel.ack(msg);
    });
  },
});
