// The RMQ transport options @nestjs/microservices reads (interfaces/microservice-configuration.interface.d.ts, v9-v12), as data.
import type { FileModel } from '../../model';
import type { ObjectValue } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import { addIgnored, type OptionKeys, type OptionsSite } from '../model-builders/option-keys';
import { optionKeysThatNeverArrive } from '../model-builders/dropped-options';
import { AMQPLIB_QUEUE_KEYS } from '../model-builders/queue-options';

const NEST_DEFAULT = 'Nest uses its default for it';
const OUTSIDE_QUEUE_OPTIONS = (flag: string) => ({
  intended: `queueOptions.${flag}`,
  uses: `Nest reads ${flag} only inside queueOptions, which it hands to assertQueue (an exchange it declares is durable by its own choice), so this one is ignored: a queue it declares gets amqplib's default for ${flag}`,
});

/** The transport's `options`. */
export const RMQ_OPTION_KEYS: OptionKeys = {
  reads: {
    urls: 'Nest connects to amqp://localhost',
    queue: "Nest uses its default queue (v11+: a server-named queue; v9-v10: one named 'default')",
    queueOptions: "the queue is declared with amqplib's defaults",
    prefetchCount: 'Nest sets prefetch 0: no limit',
    isGlobalPrefetchCount: 'the prefetch applies per consumer',
    noAck: 'Nest consumes with noAck true: automatic ack',
    persistent: 'messages are sent non-persistent',
    noAssert: 'Nest declares the queue',
    consumerTag: 'the broker names the consumer tag',
    replyQueue: 'replies come on amq.rabbitmq.reply-to',
    socketOptions: NEST_DEFAULT,
    headers: NEST_DEFAULT,
    serializer: NEST_DEFAULT,
    deserializer: NEST_DEFAULT,
    maxConnectionAttempts: NEST_DEFAULT,
    exchange: NEST_DEFAULT,
    exchangeType: NEST_DEFAULT,
    exchangeArguments: NEST_DEFAULT,
    exchangeOptions: NEST_DEFAULT,
    routingKey: NEST_DEFAULT,
    wildcards: NEST_DEFAULT,
  },
  confusions: {
    prefetch: { intended: 'prefetchCount', uses: "Nest reads its prefetch from 'prefetchCount', which is left out: it sets prefetch 0, no limit" },
    durable: OUTSIDE_QUEUE_OPTIONS('durable'),
    exclusive: OUTSIDE_QUEUE_OPTIONS('exclusive'),
    autoDelete: OUTSIDE_QUEUE_OPTIONS('autoDelete'),
    arguments: OUTSIDE_QUEUE_OPTIONS('arguments'),
  },
  defaults: { noAck: true, prefetchCount: 0, isGlobalPrefetchCount: false, persistent: false, noAssert: false },
};

/** `queueOptions`: amqplib's assertQueue options, and `noAssert`, which Nest itself reads there (v9, v12). */
export const RMQ_QUEUE_OPTION_KEYS: OptionKeys = { ...AMQPLIB_QUEUE_KEYS, reads: { ...AMQPLIB_QUEUE_KEYS.reads, noAssert: 'Nest declares the queue' } };

/** The ignored keys of one site's RMQ options and of their queueOptions. */
export function addIgnoredRmqOptions(ctx: FileContext, model: FileModel, options: ObjectValue | undefined, site: OptionsSite): void {
  const queueOptions = options?.props.get('queueOptions')?.value();
  const found = [...optionKeysThatNeverArrive(ctx, options, RMQ_OPTION_KEYS, site), ...optionKeysThatNeverArrive(ctx, queueOptions?.kind === 'object' ? queueOptions.object : undefined, RMQ_QUEUE_OPTION_KEYS, site)];
  addIgnored(model, found);
}
