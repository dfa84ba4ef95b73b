// The null-message guard inserted into an amqplib consume callback (the consumer-null-message rewrite).
import { isFunction, unwrap, type Node } from '../../parse/ast';
import type { Consumer } from '../../model';
import { indentationAt, lineEndingOf } from '../../text';
import type { FileContext } from '../../resolve/file-context';
import type { AmqplibConsumerSyntax } from './calls';
import type { RenderResult } from '../../fix/render-result';
import { nullGuard } from '../../fix/intents';

/**
 * `if (msg === null) { /* consumer cancelled by the broker *\/ return; }` as the first statement of
 * an inline handler with a block body whose first statement starts on its own line, indented like it.
 * Anything else (a named handler shared with other code, a one-line body) is left to a human.
 */
export function guardNullMessage(ctx: FileContext, consumer: Consumer): RenderResult {
  const { file } = ctx;
  const { call } = consumer.syntax as AmqplibConsumerSyntax;
  const handler = call.arguments[1] ? unwrap(call.arguments[1] as Node) : undefined;
  if (!handler || !isFunction(handler) || handler.body.type !== 'BlockStatement') return { ok: false, reason: 'the handler is not an inline function with a block body' };
  const msg = handler.params[0];
  if (!msg || msg.type !== 'Identifier') return { ok: false, reason: 'the message parameter is destructured: take it as one parameter first' };
  const [first] = handler.body.body;
  if (!first) return { ok: false, reason: 'the handler body is empty' };
  let lineStart = first.start!;
  while (lineStart > 0 && file.text[lineStart - 1] !== '\n' && file.text[lineStart - 1] !== '\r') lineStart--;
  if (lineStart <= handler.body.start! || !/^[ \t]*$/.test(file.text.slice(lineStart, first.start!))) return { ok: false, reason: 'the handler body starts on the line of its opening brace' };
  const indent = indentationAt(file.text, first.start!);
  const guard = `${indent}${nullGuard(msg.name)}${lineEndingOf(file.text)}`;
  return { ok: true, edits: [{ start: lineStart, end: lineStart, text: guard }], touched: [file.span(call)] };
}
