// The registry of supported client libraries.
import type { ClientModule } from './types';
import { amqplib } from './amqplib';
import { amqpConnectionManager } from './amqp-connection-manager';
import { amqpTs } from './amqp-ts';
import { fooFooMq } from './foo-foo-mq';
import { jackrabbit } from './jackrabbit';
import { nodeAmqp } from './node-amqp';
import { nestjsMicroservices } from './nestjs-microservices';
import { golevelupNestjsRabbitmq } from './golevelup-nestjs-rabbitmq';
import { rabbitmqClient } from './rabbitmq-client';
import { cloudamqpAmqpClient } from './cloudamqp-amqp-client';
import { rascal } from './rascal';
import { moleculer } from './moleculer';
import { moleculerChannels } from './moleculer-channels';
import { rhea } from './rhea';

/** Every supported client library. Adding one touches no rule. */
export const CLIENTS: readonly ClientModule[] = [amqplib, amqpConnectionManager, amqpTs, fooFooMq, jackrabbit, nodeAmqp, nestjsMicroservices, golevelupNestjsRabbitmq, rabbitmqClient, cloudamqpAmqpClient, rascal, moleculer, moleculerChannels, rhea];

export function clientByName(name: string): ClientModule | undefined {
  return CLIENTS.find((c) => c.name === name);
}
