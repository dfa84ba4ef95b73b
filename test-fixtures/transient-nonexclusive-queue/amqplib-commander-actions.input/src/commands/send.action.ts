// The send command's action, which commander calls by reference (`.action(sendAction)`): `--durable` defaults to false.
import { declareQueue, openChannel } from '../adapter';

export interface SendOptions {
  url: string;
  assert: boolean;
  durable: boolean;
}

export function sendAction(queueName: string, options: SendOptions): void {
  const setup = declareQueue(queueName, { durable: options.durable }, options.assert);
  openChannel(options.url).then(setup);
}
