// The null-message guard inserted into an amqplib consume callback (the consumer-null-message rewrite).
import type * as t from '@babel/types';
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
  const widened = widenToNull(msg);
  return { ok: true, edits: [...(widened ? [widened] : []), { start: lineStart, end: lineStart, text: guard }], touched: [file.span(call)] };
}

/** Types that already admit null, or say nothing: `any`, `unknown`, `T | null`, `T | undefined | null`, `?T` (Flow). */
const ADMITS_NULL = new Set(['TSAnyKeyword', 'TSUnknownKeyword', 'AnyTypeAnnotation', 'MixedTypeAnnotation', 'NullableTypeAnnotation', 'TSNullKeyword', 'NullLiteralTypeAnnotation']);

/** Types that need parentheses before `| null` (`() => void | null` would be another type). */
const NEEDS_PARENS = new Set(['TSFunctionType', 'TSConstructorType', 'TSConditionalType', 'FunctionTypeAnnotation']);

/**
 * The edit that makes a written parameter type admit the null the inserted check tests for (`msg: ConsumeMessage`
 * becomes `msg: ConsumeMessage | null`), so a strict project's types match the check; none for an untyped parameter
 * or a type that admits null already.
 */
function widenToNull(msg: t.Identifier): { start: number; end: number; text: string } | undefined {
  const annotation = msg.typeAnnotation;
  if (!annotation || annotation.type === 'Noop') return undefined;
  const type = annotation.typeAnnotation as Node;
  if (admitsNull(type)) return undefined;
  if (NEEDS_PARENS.has(type.type)) return undefined;
  return { start: type.end!, end: type.end!, text: ' | null' };
}

function admitsNull(type: Node): boolean {
  if (ADMITS_NULL.has(type.type)) return true;
  if (type.type === 'TSUnionType' || type.type === 'UnionTypeAnnotation') return type.types.some((m) => admitsNull(m as Node));
  if (type.type === 'TSLiteralType') return false;
  return type.type === 'TSParenthesizedType' ? admitsNull(type.typeAnnotation as Node) : false;
}
