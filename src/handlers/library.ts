// How a client library hands messages to a handler and takes them back: what the handler analysis reads of it.
import type { Resolved } from '../model';

/** How a library hands messages to a handler and takes them back: what the facts depend on. */
export interface HandlerLibrary {
  name: string;
  /** The library calls the handler with null when the broker cancels the consumer. */
  nullOnCancel: boolean;
  /** The message's headers, as a path from the message (amqplib: properties.headers). */
  headersPath: string[];
  /** The message's body, as a path from the message (amqplib: content). */
  contentPath: string[];
  /** Methods on the message that return its body (@cloudamqp: bodyString()), besides contentPath. */
  contentMethods?: string[];
  /** Publish methods and the positions of their body and their options (which carry `headers`). */
  publish: Record<string, { body: number; options: number }>;
  /** The calls that nack or reject the message, by method name. */
  rejects: Record<string, RejectCall>;
  /** The calls that ack the message, by method name, and where they name it. */
  acks?: Record<string, Pick<RejectCall, 'message'>>;
  /**
   * Where the handler receives the message: its parameters and the message path each holds. Left out: parameter 0
   * is the message.
   */
  params?: readonly MessageParam[];
  /** What the handler's return value does (rabbitmq-client's createConsumer): requeue flag by returned value. */
  returns?: ReturnedStatus;
  /** Returned instances that nack the message, by class name, and where their requeue flag is (golevelup's `return new Nack(requeue)`). */
  returnsNew?: Record<string, { index: number; default: boolean }>;
  /** The requeue flag of the nack the library sends when the handler throws; undefined if it does not nack. */
  throwRequeue?: Resolved<boolean>;
  /** With manual ack, only the handler settles a message (amqplib's consume): the library never acks or nacks for it. */
  handlerSettles?: true;
}

/**
 * A handler parameter that carries the message or a part of it: `base` is the message path it holds ([] for the message,
 * ['properties', 'headers'] for its headers, ['content'] for its body, decoded); with `via`, the parameter is an object
 * whose method of that name returns the message (Nest's `context.getMessage()`).
 */
export interface MessageParam {
  index: number;
  base: readonly string[];
  via?: string;
}

/** A call that nacks or rejects the message, and where it takes the message and the requeue flag. */
export interface RejectCall {
  /** The AMQP method it sends: basic.nack or basic.reject. */
  as: 'nack' | 'reject';
  /**
   * Where the message is named: argument 0 (`ch.nack(msg)`), the object called (`msg.nack()`), or its
   * delivery tag in argument 0 (`ch.basicNack(msg.deliveryTag)`, `ch.basicNack({ deliveryTag: msg.deliveryTag })`).
   */
  message: 'argument' | 'receiver' | 'delivery-tag';
  /** The requeue flag: a positional argument, or an option of the object in argument 0. */
  requeue: { index: number; default: boolean } | { option: string; default: boolean };
}

/** Returned values that nack, by enum member name (`ConsumerStatus.REQUEUE`) or number, with their requeue flag. */
export type ReturnedStatus = Record<string, boolean>;

