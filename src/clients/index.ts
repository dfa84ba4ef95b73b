import type { ClientModule } from './types';
import { amqplib } from './amqplib';
import { amqpConnectionManager } from './amqp-connection-manager';

/** Every supported client library. Adding one touches no rule. */
export const CLIENTS: readonly ClientModule[] = [amqplib, amqpConnectionManager];

export function clientByName(name: string): ClientModule | undefined {
  return CLIENTS.find((c) => c.name === name);
}
