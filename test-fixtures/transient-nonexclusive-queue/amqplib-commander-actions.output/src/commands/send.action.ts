// The send command's action, which commander calls by reference (`.action(sendAction)`): `--durable` defaults to false.
import { declareQueue, openChannel } from '../adapter';

export interface SendOptions {
  url: string;
  assert: boolean;
  durable: boolean;
}

export function sendAction(queueName: string, options: SendOptions): void {
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: it is the default of the command line option -d, --durable
  // (a run that passes the flag decides otherwise): change the option's default or what the code
  // does with it)
  const setup = declareQueue(queueName, { durable: options.durable }, options.assert);
  openChannel(options.url).then(setup);
}
