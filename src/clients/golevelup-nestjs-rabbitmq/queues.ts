// @golevelup/nestjs-rabbitmq's queue declarations (queueOptions go to amqplib's assertQueue whole).
import type { Node } from '../../parse/ast';
import { defaulted, unknown, type QueueDeclaration, type Resolved } from '../../model';
import type { ObjectValue } from '../../resolve/values';
import type { FileContext } from '../../resolve/file-context';
import { AMQPLIB_DIALECT, readQueueOptions, type QueueOptions, type QueueOptionsDialect, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { readFlag, readQueueOptionsProperty, readText, unknownQueueOptions } from '../nestjs-family/config';
import { lineAnchor } from '../nestjs-family/edits';
import { GOLEVELUP } from './names';

/** `queueOptions` / `options` go to amqplib's assertQueue whole: amqplib's options and defaults. */
const DIALECT: QueueOptionsDialect = { ...AMQPLIB_DIALECT, library: GOLEVELUP };

export interface GolevelupDeclarationSyntax {
  queueOptions: QueueOptionsSyntax;
}

/** A handler's options (`queue`, `queueOptions`) or a module `queues[]` entry (`name`, `options`). */
export interface QueueSource {
  /** The config object, or undefined with `reason` when it cannot be read. */
  entry?: ObjectValue;
  /** The context the config object was read in (its module, with a helper call's arguments). */
  readIn?: FileContext;
  reason?: string;
  at: Node;
  callee: string;
  nameKey: 'queue' | 'name';
  optionsKey: 'queueOptions' | 'options';
}

/**
 * setupQueue: `createQueueIfNotExists` (default true) asserts `queue` (default '': server-named)
 * with the options; false only checks that the queue exists, which declares nothing.
 */
export function golevelupDeclaration(ctx: FileContext, src: QueueSource): QueueDeclaration | undefined {
  const { file } = ctx;
  const entry = src.entry;
  const open = entry ? (entry.open ? `the config ${entry.open}` : undefined) : src.reason;
  const create = readFlag(entry?.props.get('createQueueIfNotExists'), true, GOLEVELUP, open);
  if (create.kind === 'known' && !create.value) return undefined;
  const options = queueOptionsOf(src.readIn ?? ctx, src, open);
  return {
    kind: 'queue-declaration',
    id: `${GOLEVELUP}:${src.at.start}`,
    client: GOLEVELUP,
    at: file.span(src.at),
    statementStart: lineAnchor(file, src.at),
    callee: src.callee,
    name: queueName(src, open),
    durable: options.durable,
    exclusive: options.exclusive,
    autoDelete: options.autoDelete,
    passive: false,
    arguments: options.arguments,
    argumentsIncomplete: options.argumentsIncomplete,
    dependsOn: options.dependsOn,
    syntax: { queueOptions: options.syntax } satisfies GolevelupDeclarationSyntax,
  };
}

export function queueName(src: QueueSource, open: string | undefined): Resolved<string> {
  const prop = src.entry?.props.get(src.nameKey);
  if (!prop) return open ? unknown(open) : defaulted('', GOLEVELUP);
  return readText(prop);
}

function queueOptionsOf(ctx: FileContext, src: QueueSource, open: string | undefined): QueueOptions {
  const prop = src.entry?.props.get(src.optionsKey);
  if (prop) return readQueueOptionsProperty(ctx, prop, DIALECT);
  if (open) return unknownQueueOptions(`${src.optionsKey} is unknown: ${open}`);
  return readQueueOptions(ctx.file, ctx.resolver, undefined, DIALECT);
}
