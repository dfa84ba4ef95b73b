import type { HandlerLibrary } from './handler-facts';

const AMQPLIB_MESSAGES = {
  headersPath: ['properties', 'headers'],
  contentPath: ['content'],
  publishOptionsAt: { publish: 3, sendToQueue: 2 },
  // lib/channel_model.js: nack(message, allUpTo, requeue) and reject(message, requeue) requeue unless told not to.
  requeueAt: { nack: { index: 2, default: true }, reject: { index: 1, default: true } },
};

/** amqplib's consume: a server basic.cancel reaches the callback as null (lib/channel.js handleCancel). */
export const AMQPLIB_HANDLER: HandlerLibrary = { name: 'amqplib', nullOnCancel: true, ...AMQPLIB_MESSAGES };

/**
 * amqp-connection-manager's ChannelWrapper.consume: its own amqplib callback takes the null,
 * re-subscribes and never calls the handler with it (dist/cjs/ChannelWrapper.js, 5.0.0).
 */
export const ACM_WRAPPER_HANDLER: HandlerLibrary = { name: 'amqp-connection-manager', nullOnCancel: false, ...AMQPLIB_MESSAGES };
