// amqp-connection-manager: one event a second, each confirmed before the next.
import amqp from 'amqp-connection-manager';

const wrapper = amqp.connect(['amqp://localhost']).createChannel({ json: true });
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function heartbeat(events: object[]) {
  for (const event of events) {
    await wrapper.publish('events', 'heartbeat', event);
    await delay(1000);
  }
}
