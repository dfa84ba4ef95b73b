// The x-stream-offset consumer argument as RabbitMQ reads it (rabbit_stream_queue:parse_offset_arg, measured on 4.3.6).
import type { Consumer, ConsumerArgument, FixIntent, QueueType, Span } from '../model';
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

/** From here on, an integer is a time in milliseconds (2001-09-09 in milliseconds; in seconds it would be the year 33658). */
const MILLISECONDS_FROM = 1_000_000_000_000;

/** The point in time a digit string means: seconds since the epoch (10 digits) or milliseconds (13). */
function timestampOf(value: string): { seconds: number; ms: number; means: string; iso?: string } | undefined {
  if (!/^\d{10}$|^\d{13}$/.test(value)) return undefined;
  const n = Number(value);
  const ms = value.length === 13 ? n : n * 1000;
  const iso = new Date(ms).toISOString();
  return { seconds: Math.floor(ms / 1000), ms, iso, means: value.length === 13 ? 'a time in milliseconds since the epoch' : 'a time in seconds since the epoch' };
}

/** The clients whose channel API sends amqplib's typed value (`{ '!': 'timestamp', value }`) as it is written. */
const AMQPLIB_TABLES = new Set(['amqplib', 'amqp-connection-manager']);

/** The rewrite of a digit-string time to the value the client sends as an AMQP timestamp, in the client's own terms. */
function timestampIntent(client: string, t: { seconds: number; ms: number; iso?: string }, at: Span): FixIntent | undefined {
  if (client === '@cloudamqp/amqp-client') return { kind: 'set-stream-offset', at, text: `new Date(${t.ms})`, means: `${t.iso}, sent as an AMQP timestamp` };
  if (AMQPLIB_TABLES.has(client)) return { kind: 'set-stream-offset', at, text: `{ '!': 'timestamp', value: ${t.seconds} }`, means: `${t.iso}, an AMQP timestamp in seconds` };
  return undefined;
}

/** How to send one point in time (seconds since the epoch) with the client, said with the value. */
function pointInTime(client: string, seconds: number): string {
  if (client === '@cloudamqp/amqp-client') return `send new Date(${seconds * 1000}) (@cloudamqp/amqp-client sends a Date as an AMQP timestamp)`;
  if (client === 'rabbitmq-client') return "rabbitmq-client cannot send an AMQP timestamp: send an interval back from now that reaches that far ('1h', '7D'), or 'first' and skip the older messages in the handler";
  return `send the AMQP timestamp { '!': 'timestamp', value: ${seconds} } (seconds since the epoch; amqplib's typed value)`;
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
    const moment = timestampOf(value);
    const rewrite = moment && arg.value.kind === 'known' ? timestampIntent(c.client, moment, arg.value.origin) : undefined;
    return [
      {
        severity: 'error',
        ...(focus ? { focus } : {}),
        message: `the consumer's x-stream-offset '${value}' is a string in no form RabbitMQ accepts (${FORMS}): the broker refuses the consume (406).${time}`,
        brokerError: `406 PRECONDITION_FAILED - invalid arg 'x-stream-offset' for queue '${q}' in vhost '/': {invalid_stream_offset_arg,{longstr,<<"${value}">>}}`,
        ...(rewrite ? { intents: [rewrite] } : {}),
        ownAdvice: true,
        advice: moment
          ? `x-stream-offset '${value}' is ${moment.means} (${moment.iso}), which RabbitMQ refuses as a string: ${pointInTime(c.client, moment.seconds)}`
          : `x-stream-offset '${value}' is refused: use ${FORMS}; for a point in time, ${timeAdvice(c.client)}`,
      },
    ];
  }
  // A point in time in the wrong unit: an AMQP timestamp counts seconds, and a 13-digit integer is milliseconds.
  if (typeof value === 'number' && Number.isInteger(value) && value >= MILLISECONDS_FROM && (arg.wire === 'timestamp' || arg.wire === 'integer')) {
    const iso = new Date(value).toISOString();
    const what = arg.wire === 'timestamp' ? `an AMQP timestamp of ${value}, which counts seconds` : `the integer ${value}, which the broker reads as a position in the stream (the ${value}th message)`;
    return [
      {
        severity: 'warning',
        ...(focus ? { focus } : {}),
        message: `the consumer's x-stream-offset is ${what}, but ${value} is milliseconds since the epoch (${iso}): the consumer starts after every message there is and receives only new ones.`,
        ownAdvice: true,
        advice: `x-stream-offset ${value} is milliseconds since the epoch (${iso}), not ${arg.wire === 'timestamp' ? 'seconds' : 'a position in the stream'}: ${pointInTime(c.client, Math.floor(value / 1000))}`,
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
