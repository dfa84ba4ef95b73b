// Renders fix intents for what the amqplib family recognised, in amqplib's syntax.
import type * as t from '@babel/types';
import { isFunction, unwrap, type Node } from '../../parse/ast';
import type { Consumer, FixIntent, Qos, Subject, TextEdit } from '../../model';
import { indentationAt, lineEndingOf } from '../../text';
import type { FileContext } from '../../resolve/file-context';
import type { AmqplibConsumerSyntax, AmqplibQosSyntax } from './calls';
import { renderQueueOptionIntents, replacePropertyValue, type QueueOptionsSyntax } from '../model-builders/queue-options';
import { type RenderResult } from '../../fix/render-result';
import { enclosingFunction } from '../model-builders/call-context';
import { renderConnectionOpen } from '../model-builders/connection-open';
import { guardNullMessage } from './null-guard-edit';

/**
 * Renders fix intents for whatever the amqplib family recognised: declarations (an amqplib options
 * object), prefetch calls and consumers. `wrapper` is amqp-connection-manager's ChannelWrapper,
 * which takes the prefetch as a consume option.
 */
export function renderAmqplibSubject(subject: Subject, intents: FixIntent[], ctx: FileContext, flavour: 'channel' | 'wrapper'): RenderResult {
  switch (subject.kind) {
    case 'queue-declaration':
      return renderQueueOptionIntents(ctx.file, subject.syntax as QueueOptionsSyntax, intents);
    case 'qos':
      if (intents.length === 1 && intents[0].kind === 'drop-global-qos') return dropGlobal(ctx, subject);
      break;
    case 'consumer': {
      const intent = intents[0];
      if (intents.length === 1 && intent.kind === 'manual-ack') return manualAck(ctx, subject, intent.prefetch, flavour);
      if (intents.length === 1 && intent.kind === 'guard-null-message') return guardNullMessage(ctx, subject);
      break;
    }
    case 'connection-open':
      return renderConnectionOpen(subject, intents);
  }
  return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} here` };
}

/** `ch.prefetch(10, true)` → `ch.prefetch(10)`; with a callback after it: `ch.prefetch(10, false, cb)`. */
function dropGlobal(ctx: FileContext, qos: Qos): RenderResult {
  const { call, countNode, globalNode } = qos.syntax as AmqplibQosSyntax;
  if (!countNode || !globalNode) return { ok: false, reason: 'no global argument to drop' };
  const span = ctx.file.span(call);
  if (call.arguments.length > 2) return { ok: true, edits: [{ start: globalNode.start!, end: globalNode.end!, text: 'false' }], touched: [span] };
  return { ok: true, edits: [{ start: countNode.end!, end: globalNode.end!, text: '' }], touched: [span] };
}

/**
 * noAck: true → false, `<channel>.ack(msg)` at the end of the handler, and a prefetch before the
 * consume when the channel has none. Only for an inline handler with a block body whose only
 * early exit is a leading null guard, which is the shape where "after the work" is unambiguous.
 */
function manualAck(ctx: FileContext, consumer: Consumer, prefetch: number, flavour: 'channel' | 'wrapper'): RenderResult {
  const { file } = ctx;
  const { call, options, noAck } = consumer.syntax as AmqplibConsumerSyntax;
  const handler = call.arguments[1] ? unwrap(call.arguments[1] as Node) : undefined;
  if (!handler || !isFunction(handler) || handler.body.type !== 'BlockStatement') return { ok: false, reason: 'the handler is not an inline function with a block body' };
  const msg = handler.params[0];
  if (!msg || msg.type !== 'Identifier') return { ok: false, reason: 'the handler has no message parameter' };
  const body = handler.body;
  if (hasEarlyExit(ctx, body)) return { ok: false, reason: 'the handler returns early, so "after its work" is ambiguous' };
  const guarded = !!nullGuard(ctx, body);
  if (/\.(ack|nack|reject)\s*\(/.test(file.source(body))) return { ok: false, reason: 'the handler already acknowledges messages' };
  if (!noAck || !options || noAck.holder !== options.node) return { ok: false, reason: 'noAck is not set in the consume call' };
  const setFalse = replacePropertyValue(file, noAck, 'false');
  if (!setFalse.ok) return setFalse;
  if (setFalse.touched.some((s) => s.start < call.start! || s.end > call.end!)) return { ok: false, reason: 'noAck comes from a shared value' };

  const eol = lineEndingOf(file.text);
  const receiver = file.source((unwrap(call.callee) as t.MemberExpression).object);
  const last = body.body[body.body.length - 1];
  if (!last || !/[\r\n]/.test(file.text.slice(last.end!, body.end!))) return { ok: false, reason: 'the handler body is on one line' };
  const indent = indentationAt(file.text, last.start!);
  // The broker cancels a consumer by delivering null: acknowledge only a real message. A handler that uses its message
  // with no null check anywhere gets the leading guard too (with manual ack, 4.3's consumer timeout may cancel it).
  const facts = consumer.handlerFacts;
  const guard = !guarded && flavour === 'channel' && facts?.nullOnCancel && facts.unguardedUse && !facts.nullCheck ? guardNullMessage(ctx, consumer) : undefined;
  const ack = guarded || guard?.ok ? `${receiver}.ack(${msg.name});` : `if (${msg.name}) ${receiver}.ack(${msg.name});`;
  const edits: TextEdit[] = [...setFalse.edits, ...(guard?.ok ? guard.edits : []), { start: last.end!, end: last.end!, text: `${eol}${indent}${ack}` }];

  if (!consumer.qos && !consumer.prefetch) {
    if (flavour === 'wrapper') {
      edits.push({ start: noAck.node.end!, end: noAck.node.end!, text: `, prefetch: ${prefetch}` });
    } else {
      const stmt = consumer.statementStart;
      const fn = enclosingFunction(file, call);
      const wait = fn?.async ? 'await ' : '';
      edits.push({ start: stmt, end: stmt, text: `${wait}${receiver}.prefetch(${prefetch});${eol}${indentationAt(file.text, stmt)}` });
    }
  }
  return { ok: true, edits, touched: [file.span(call)] };
}

/** A leading `if (!msg) return;` / `if (msg === null) return;`. */
function nullGuard(ctx: FileContext, body: t.BlockStatement): t.Statement | undefined {
  const [first] = body.body;
  return first?.type === 'IfStatement' && /^\s*if\s*\(\s*(!\s*\w+|\w+\s*===?\s*null)\s*\)\s*(return;?|\{\s*return;?\s*\})\s*$/.test(ctx.file.source(first)) ? first : undefined;
}

/** A `return` or `throw` anywhere but a leading null guard. */
function hasEarlyExit(ctx: FileContext, body: t.BlockStatement): boolean {
  const guard = nullGuard(ctx, body);
  for (const n of ctx.file.nodesUnder(body)) {
    if (guard && n.start! >= guard.start! && n.end! <= guard.end!) continue;
    if (n.type !== 'ReturnStatement' && n.type !== 'ThrowStatement') continue;
    const fn = enclosingFunction(ctx.file, n);
    if (fn && fn.body === body) return true;
  }
  return false;
}
