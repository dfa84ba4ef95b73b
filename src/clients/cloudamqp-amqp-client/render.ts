// Renders fix intents in @cloudamqp/amqp-client's syntax.
import { unwrap } from '../../parse/ast';
import type { Consumer, FixIntent, Qos, Subject } from '../../model';
import type { FileContext } from '../../resolve/file-context';
import { renderQueueOptionIntents } from '../model-builders/queue-options';
import { type RenderResult } from '../../fix/render-result';
import type { CloudamqpDeclarationSyntax } from './declarations';
import { editOptions } from '../object-api/render';
import { renderConnectionOpen } from '../model-builders/connection-open';
import type { CloudamqpConsumerSyntax, CloudamqpQosSyntax } from './consumers';

/** Renders fix intents in @cloudamqp/amqp-client's syntax: positional params and args, subscribe options. */
export function renderCloudamqp(subject: Subject, intents: FixIntent[], ctx: FileContext): RenderResult {
  switch (subject.kind) {
    case 'queue-declaration':
      return renderDeclaration(subject.syntax as CloudamqpDeclarationSyntax, intents);
    case 'qos':
      if (intents.length === 1 && intents[0].kind === 'drop-global-qos') return dropGlobal(subject, ctx);
      break;
    case 'consumer':
      if (intents.length === 1 && intents[0].kind === 'manual-ack') return manualAck(subject, intents[0].prefetch);
      break;
    case 'connection-open':
      return renderConnectionOpen(subject, intents);
  }
  return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} here` };
}

/**
 * Edits the params object and the x-arguments table. A positional table written in the call and
 * emptied by the fix goes away with its argument: `queueDeclare('', {}, { 'x-queue-type': 'quorum' })`
 * → `queueDeclare('', {})`.
 */
function renderDeclaration(syntax: CloudamqpDeclarationSyntax, intents: FixIntent[]): RenderResult {
  const { options, file, call, argsNode } = syntax;
  const table = options.argumentsObject;
  const removed = new Set(intents.flatMap((i) => (i.kind === 'remove-argument' ? [i.key] : [])));
  const inline = !!argsNode && !!table && unwrap(argsNode) === table.node && call.arguments[call.arguments.length - 1] === argsNode;
  const emptied = inline && table.node.properties.length === table.props.size && [...table.props.keys()].every((k) => removed.has(k));
  if (!emptied) return renderQueueOptionIntents(file, options, intents);
  const rest = renderQueueOptionIntents(file, options, intents.filter((i) => i.kind !== 'remove-argument'));
  if (!rest.ok) return rest;
  const params = call.arguments[call.arguments.length - 2];
  const drop = { start: params.end!, end: argsNode.end!, text: '', file: file.path };
  return { ok: true, edits: [...rest.edits, drop], touched: [...rest.touched, file.span(argsNode)] };
}

/** `ch.basicQos(10, 0, true)` → `ch.basicQos(10, 0)`: global is the third positional argument. */
function dropGlobal(qos: Qos, ctx: FileContext): RenderResult {
  const { call } = qos.syntax as CloudamqpQosSyntax;
  const [, size, global] = call.arguments;
  if (!size || !global) return { ok: false, reason: 'no global argument to drop' };
  if (call.arguments.length > 3) return { ok: true, edits: [{ start: global.start!, end: global.end!, text: 'false' }], touched: [ctx.file.span(call)] };
  return { ok: true, edits: [{ start: size.end!, end: global.end!, text: '' }], touched: [ctx.file.span(call)] };
}

/**
 * v4 `q.subscribe({ noAck: true }, cb)` → without noAck: the library then acks each message after
 * the callback returns (nack and requeue if it throws), and `prefetch` bounds the messages in flight.
 * basicConsume and v2/v3 subscribe would need `msg.ack()` written into the handler.
 */
function manualAck(consumer: Consumer, prefetch: number): RenderResult {
  const { form, options } = consumer.syntax as CloudamqpConsumerSyntax;
  if (form !== 'session-subscribe') return { ok: false, reason: 'the handler would have to call msg.ack() after its work' };
  const noAck = options.object?.props.get('noAck');
  if (!options.object || !noAck) return { ok: false, reason: 'noAck is not written in the subscribe params' };
  return editOptions(options.object, [noAck], consumer.prefetch ? [] : [`prefetch: ${prefetch}`]);
}
