// The x-stream-offset consumer argument as RabbitMQ reads it (rabbit_stream_queue:parse_offset_arg, measured on 4.3.6).
import type { Consumer, ConsumerArgument, QueueType, Span } from '../model';
import { valueOf } from '../model';
import type { Violation } from './types';

/** 'first', 'last', 'next', or an interval back from now: a positive integer and one of Y M D h m s ('7D', '1h'). */
const ACCEPTED_STRING = /^(?:first|last|next|0*[1-9]\d*[YMDhms])$/;

/** What the broker does with an offset of each field type: integers are offsets, timestamps points in time. */
const CLOSES_CONNECTION = new Set(['float', 'boolean', 'void', 'table', 'array']);

/** How to ask for a point in time in each client's tables (rabbitmq-client has no way to send a timestamp). */
function timeAdvice(client: string): string {
  if (client === '@cloudamqp/amqp-client') return 'a Date (@cloudamqp/amqp-client sends it as an AMQP timestamp)';
  if (client === 'rabbitmq-client') return "an interval back from now ('1h', '7D': rabbitmq-client cannot send an AMQP timestamp)";
  return "an AMQP timestamp (amqplib: { '!': 'timestamp', value: <seconds since the epoch> })";
}

const FORMS = "'first', 'last', 'next', an integer offset, an AMQP timestamp, or an interval back from now such as '7D' or '1h' (a positive number and one of Y, M, D, h, m, s)";

/**
 * An x-stream-offset the broker refuses: a string in no accepted form (406), a value sent as a float, boolean, void,
 * table or array (the broker closes the connection with 541), or any offset on a queue that is not a stream (406).
 */
export function streamOffsetViolations(c: Consumer, arg: ConsumerArgument, queue: string | undefined, type: QueueType | undefined): Violation[] {
  const q = queue ?? 'Q';
  const focus: Span | undefined = arg.value.kind === 'default' ? undefined : arg.value.origin;
  if (type && type !== 'stream') {
    return [
      {
        severity: 'error',
        ...(focus ? { focus } : {}),
        message: `the consumer sets x-stream-offset, but '${q}' is a ${type} queue: RabbitMQ 4.3 refuses the consume (406), whatever the offset.`,
        brokerError: `406 PRECONDITION_FAILED - invalid arg 'x-stream-offset' for queue '${q}' in vhost '/' of queue type rabbit_${type}_queue`,
        advice: 'remove x-stream-offset (it only applies to stream queues), or consume the stream the offset was meant for',
      },
    ];
  }
  const value = valueOf(arg.value);
  if (arg.wire === 'longstr' && typeof value === 'string' && !ACCEPTED_STRING.test(value)) {
    const time = /^\d{9,}$/.test(value) ? ` '${value}' looks like a time written as a string, as other brokers take it: for a point in time, send ${timeAdvice(c.client)}.` : '';
    return [
      {
        severity: 'error',
        ...(focus ? { focus } : {}),
        message: `the consumer's x-stream-offset '${value}' is a string in no form RabbitMQ accepts (${FORMS}): the broker refuses the consume (406).${time}`,
        brokerError: `406 PRECONDITION_FAILED - invalid arg 'x-stream-offset' for queue '${q}' in vhost '/': {invalid_stream_offset_arg,{longstr,<<"${value}">>}}`,
        advice: `use ${FORMS}; for a point in time, ${timeAdvice(c.client)}`,
      },
    ];
  }
  if (arg.wire && CLOSES_CONNECTION.has(arg.wire)) {
    const what = arg.wire === 'table' && arg.value.kind !== 'known' ? 'a table (a Date, which this client sends as an empty table)' : `a ${arg.wire === 'void' ? 'void (null)' : arg.wire}`;
    return [
      {
        severity: 'error',
        ...(focus ? { focus } : {}),
        message: `the consumer's x-stream-offset goes to the broker as ${what}: RabbitMQ cannot read it as an offset and closes the connection (541 INTERNAL_ERROR) when the consumer starts.`,
        brokerError: '541 INTERNAL_ERROR',
        advice: `use ${FORMS}; for a point in time, ${timeAdvice(c.client)}`,
      },
    ];
  }
  return [];
}
