// Rule max-message-size: publishes whose body is larger than 4.x's 16 MiB default.
import { ALL_TARGETS, type PublishRule, type Violation } from './types';

/** RabbitMQ 4.0 lowered the default `max_message_size` from 128 MiB to this (16 MiB). */
export const DEFAULT_MAX_MESSAGE_SIZE = 16 * 1024 * 1024;
/** The 3.13 default: bodies up to this size were accepted before 4.0. */
const OLD_DEFAULT = 128 * 1024 * 1024;

const mib = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(2))} MiB`;

export const maxMessageSize: PublishRule = {
  meta: {
    id: 'max-message-size',
    title: 'A publish whose body is known to be larger than 16 MiB, the default max_message_size since 4.0',
    appliesTo: 'publish',
    severity: ALL_TARGETS('error'),
    fixable: 'annotate',
    docs: 'max-message-size',
    brokerError: `406 PRECONDITION_FAILED - message size N is larger than configured max size ${DEFAULT_MAX_MESSAGE_SIZE}`,
  },
  checkPublish(p): Violation[] {
    // Only a size the code settles is reported: a body of unknown size is most often small.
    if (p.payloadBytes?.kind !== 'known' || p.payloadBytes.value <= DEFAULT_MAX_MESSAGE_SIZE) return [];
    const bytes = p.payloadBytes.value;
    const before = bytes <= OLD_DEFAULT ? ' (3.13 accepted it: its default was 128 MiB)' : '';
    return [
      {
        severity: 'error',
        focus: p.payloadAt,
        message: `${p.callee} publishes a ${bytes}-byte body (${mib(bytes)}), larger than RabbitMQ 4's default max_message_size of 16 MiB${before}: the broker closes the channel (406) and, with it, every unconfirmed publish on it.`,
        brokerError: `406 PRECONDITION_FAILED - message size ${bytes} is larger than configured max size ${DEFAULT_MAX_MESSAGE_SIZE}`,
        advice: `keep bodies under 16 MiB (store the payload elsewhere and publish a reference to it, or split it into several messages), or have the operators raise max_message_size in rabbitmq.conf to at least ${bytes} (at most 536870912)`,
      },
    ];
  },
};
