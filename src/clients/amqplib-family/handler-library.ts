// How amqplib's and amqp-connection-manager's consume callbacks receive messages (for the handler analysis).
import type { HandlerLibrary } from '../../handlers/facts';

/** amqplib's messages and the channel calls that publish, ack, nack and reject them: for every library whose handlers get amqplib messages. */
export const AMQPLIB_MESSAGES = {
  headersPath: ['properties', 'headers'],
  contentPath: ['content'],
  publish: { publish: { body: 2, options: 3 }, sendToQueue: { body: 1, options: 2 } },
  // lib/channel_model.js: nack(message, allUpTo, requeue) and reject(message, requeue) requeue unless told not to.
  rejects: {
    nack: { as: 'nack', message: 'argument', requeue: { index: 2, default: true } },
    reject: { as: 'reject', message: 'argument', requeue: { index: 1, default: true } },
  },
  acks: { ack: { message: 'argument' } },
} satisfies Omit<HandlerLibrary, 'name' | 'nullOnCancel'>;

/** amqplib's consume: a server basic.cancel reaches the callback as null (lib/channel.js handleCancel). */
export const AMQPLIB_HANDLER: HandlerLibrary = { name: 'amqplib', nullOnCancel: true, handlerSettles: true, ...AMQPLIB_MESSAGES };

/**
 * amqp-connection-manager's ChannelWrapper.consume: its own amqplib callback takes the null,
 * re-subscribes and never calls the handler with it (dist/cjs/ChannelWrapper.js, 5.0.0).
 */
export const ACM_WRAPPER_HANDLER: HandlerLibrary = { name: 'amqp-connection-manager', nullOnCancel: false, handlerSettles: true, ...AMQPLIB_MESSAGES };
