// How @cloudamqp/amqp-client hands messages to consumers and takes them back (for the handler analysis).
import type { Resolved } from '../../model';
import type { HandlerLibrary } from '../../handlers/facts';
import { LIBRARY } from './declarations';

const REQUEUE_FALSE = { index: 0, default: false };
const TAG_REQUEUE_FALSE = { index: 1, default: false };

/**
 * @cloudamqp/amqp-client's AMQPMessage and the calls that take it back. A broker basic.cancel closes
 * the consumer with an error (src/amqp-base-client.ts, BasicMethod.CANCEL): the callback never gets
 * null. Every nack and reject defaults to requeue = false (src/amqp-message.ts, src/amqp-channel.ts).
 */
const CLOUDAMQP_MESSAGES: HandlerLibrary = {
  name: LIBRARY,
  nullOnCancel: false,
  headersPath: ['properties', 'headers'],
  contentPath: ['body'],
  contentMethods: ['bodyString', 'bodyToString'],
  // q.publish(body, properties), exchange.publish(body, options), ch.basicPublish(exchange, routingKey, body, properties).
  publish: { publish: { body: 0, options: 1 }, basicPublish: { body: 2, options: 3 } },
  rejects: {
    nack: { as: 'nack', message: 'receiver', requeue: REQUEUE_FALSE },
    reject: { as: 'reject', message: 'receiver', requeue: REQUEUE_FALSE },
    basicNack: { as: 'nack', message: 'delivery-tag', requeue: TAG_REQUEUE_FALSE },
    basicReject: { as: 'reject', message: 'delivery-tag', requeue: TAG_REQUEUE_FALSE },
  },
  acks: { ack: { message: 'receiver' }, basicAck: { message: 'delivery-tag' } },
};

/** basicConsume and v2/v3 `q.subscribe()`: the callback's errors do not nack anything, and with manual ack only the callback settles. */
export const CLOUDAMQP_HANDLER: HandlerLibrary = { ...CLOUDAMQP_MESSAGES, handlerSettles: true };

/**
 * v4 `q.subscribe(params, cb)` acking for the caller (no noAck, no manualAck): a throw sends
 * `msg.nack(requeueOnNack)`, requeueOnNack defaulting to true (src/amqp-queue.ts).
 */
export function sessionSubscribeHandler(throwRequeue: Resolved<boolean> | undefined): HandlerLibrary {
  return throwRequeue ? { ...CLOUDAMQP_MESSAGES, throwRequeue } : CLOUDAMQP_MESSAGES;
}
