// How rabbitmq-client hands messages to consumers and takes them back (for the handler analysis).
import type { Resolved } from '../../model';
import type { HandlerLibrary } from '../../handlers/facts';
import { LIBRARY } from './declarations';

/**
 * rabbitmq-client's messages and the calls that take them back. A broker basic.cancel is emitted as
 * a 'basic.cancel' event on the channel (lib/Channel.js) and the Consumer sets itself up again: the
 * handler is never called with null. The message is an AsyncMessage: `msg.headers`, `msg.body`.
 */
const RABBITMQ_CLIENT_MESSAGES: Omit<HandlerLibrary, 'returns' | 'throwRequeue'> = {
  name: LIBRARY,
  nullOnCancel: false,
  headersPath: ['headers'],
  contentPath: ['body'],
  // publisher.send(envelope, body) and ch.basicPublish(envelope, body): a whole message as envelope passes its headers on.
  publish: { send: { body: 1, options: 0 }, basicPublish: { body: 1, options: 0 } },
  // ch.basicNack({ deliveryTag, requeue }): requeue is true when undefined (lib/Channel.js basicNack).
  rejects: { basicNack: { as: 'nack', message: 'delivery-tag', requeue: { option: 'requeue', default: true } } },
  // ch.basicAck({ deliveryTag }) (a raw basicConsume's handler settles its own messages).
  acks: { basicAck: { message: 'delivery-tag' } },
};

/** `ch.basicConsume(params, cb)`: the callback's return value and errors do not ack or nack anything. */
export const RABBITMQ_CLIENT_BASIC_CONSUME_HANDLER: HandlerLibrary = { ...RABBITMQ_CLIENT_MESSAGES, handlerSettles: true };

/**
 * `rabbit.createConsumer(props, handler)` with manual ack (lib/Consumer.js _execHandler): returning
 * ConsumerStatus.REQUEUE (1) sends basic.nack with requeue, DROP (2) without; a throw sends basic.nack
 * with requeue = props.requeue (`throwRequeue`, true when unset). With noAck nothing is nacked.
 */
export function createConsumerHandler(throwRequeue: Resolved<boolean> | undefined): HandlerLibrary {
  if (!throwRequeue) return RABBITMQ_CLIENT_MESSAGES;
  return { ...RABBITMQ_CLIENT_MESSAGES, returns: { REQUEUE: true, DROP: false, 1: true, 2: false }, throwRequeue };
}
