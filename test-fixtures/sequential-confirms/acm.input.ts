import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });

export async function publishAll(events: object[]) {
  for (const event of events) {
    await wrapper.publish('events', 'created', event);
  }
}
