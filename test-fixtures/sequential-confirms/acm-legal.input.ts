import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });

export async function publishAll(events: object[]) {
  await Promise.all(events.map((event) => wrapper.publish('events', 'created', event)));
}
