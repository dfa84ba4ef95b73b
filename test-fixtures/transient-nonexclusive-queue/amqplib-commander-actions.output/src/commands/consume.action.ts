// The consume command's action, run by a handler that passes its options on as they are: `--no-durable` leaves durable true.
import { declareQueue, openChannel } from '../adapter';

export interface ConsumeOptions {
  url: string;
  durable: boolean;
  exclusive: boolean;
}

function queueOptionsFrom(options: ConsumeOptions) {
  return { durable: options.durable, exclusive: options.exclusive };
}

export async function consumeAction(queueName: string, options: ConsumeOptions): Promise<void> {
  await openChannel(options.url).then(declareQueue(queueName, queueOptionsFrom(options), true));
}
