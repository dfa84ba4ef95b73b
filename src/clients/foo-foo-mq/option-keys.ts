// The queue options foo-foo-mq (and rabbot) read (src/amqp/queue.js define and subscribe), as data: its own keys, and
// amqplib's assertQueue options, which it passes on.
import { AMQPLIB_QUEUE_KEYS } from '../model-builders/queue-options';
import type { OptionKeys } from '../model-builders/option-keys';

const NO_LIMIT = { intended: 'limit', uses: "foo-foo-mq reads a queue's prefetch from 'limit', which is left out: it sets no prefetch for the queue's consumer" };
const OWN = 'foo-foo-mq uses its default for it';

export const FOO_FOO_MQ_QUEUE_KEYS: OptionKeys = {
  reads: {
    ...AMQPLIB_QUEUE_KEYS.reads,
    name: 'the queue has no name',
    type: 'the queue is a classic queue',
    limit: "foo-foo-mq sets no prefetch for the queue's consumer",
    noAck: 'foo-foo-mq consumes with noAck false: manual ack',
    subscribe: 'no consumer is started until startSubscription()',
    queueLimit: 'the queue has no length limit',
    deadLetter: 'rejected and expired messages are dropped (no dead-letter exchange)',
    deadLetterStrategy: OWN,
    queueVersion: OWN,
    unique: 'the name is used as written',
    noBatch: 'acks are batched',
    noCacheKeys: OWN,
    poison: OWN,
    passive: 'the queue is declared, not only checked',
  },
  confusions: { ...AMQPLIB_QUEUE_KEYS.confusions, prefetch: NO_LIMIT, prefetchCount: NO_LIMIT },
  defaults: { ...AMQPLIB_QUEUE_KEYS.defaults, noAck: false },
};
