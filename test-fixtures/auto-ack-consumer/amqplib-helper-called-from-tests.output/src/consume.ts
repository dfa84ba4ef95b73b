// A consumer helper; production passes its own options, the unit test passes sample ones.
import type { Channel, ConsumeMessage, Options } from 'amqplib';

export async function consumeFrom(ch: Channel, queue: string, handler: (msg: ConsumeMessage | null) => void, options: Options.Consume = {}) {
  await ch.consume(queue, handler, options);
}
