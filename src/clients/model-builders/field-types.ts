// The AMQP 0-9-1 field type each client library encodes a table value as (its codec, read from its source), for the rules
// that judge argument values by what the broker receives.
import { isCall, unwrap, type Node } from '../../parse/ast';
import type { FieldType } from '../../model';
import type { PropertyValue, Value } from '../../resolve/values';

/**
 * The libraries' table encoders. amqplib (lib/codec.js): strings are longstr, integers int, other numbers double,
 * `{ '!': type, value }` the type it names, other objects (a Date too) tables. rabbitmq-client (lib/codec.js
 * getBestType): the same, bigints int64, with no timestamp. @cloudamqp/amqp-client (AMQPView.setField): integers int,
 * other numbers float, a Date a timestamp, bigints int64.
 */
export type TableEncoder = 'amqplib' | 'rabbitmq-client' | '@cloudamqp/amqp-client';

const TRAPDOOR: Record<string, FieldType> = { timestamp: 'timestamp', string: 'longstr', int: 'integer', long: 'integer', byte: 'integer', short: 'integer', float: 'float', double: 'float', bool: 'boolean', boolean: 'boolean' };

/** The field type a table property's value goes on the wire as, when the code settles it. */
export function fieldTypeOf(prop: PropertyValue, encoder: TableEncoder): FieldType | undefined {
  const node = prop.node.type === 'ObjectProperty' ? unwrap(prop.node.value as Node) : undefined;
  if (node && isDateConstruction(node)) return encoder === '@cloudamqp/amqp-client' ? 'timestamp' : 'table';
  if (node?.type === 'BigIntLiteral' || (node && isCall(node) && node.callee.type === 'Identifier' && node.callee.name === 'BigInt')) return 'integer';
  return ofValue(prop.value(), encoder);
}

/**
 * The seconds since the epoch an AMQP timestamp carries, when the code writes them: amqplib's `{ '!': 'timestamp',
 * value: N }` sends N, @cloudamqp/amqp-client's `new Date(ms)` sends floor(ms / 1000).
 */
export function timestampSeconds(prop: PropertyValue, encoder: TableEncoder): number | undefined {
  const node = prop.node.type === 'ObjectProperty' ? unwrap(prop.node.value as Node) : undefined;
  if (node && isDateConstruction(node)) {
    const arg = node.type === 'NewExpression' && node.arguments.length === 1 ? unwrap(node.arguments[0] as Node) : undefined;
    return encoder === '@cloudamqp/amqp-client' && arg?.type === 'NumericLiteral' ? Math.floor(arg.value / 1000) : undefined;
  }
  const value = prop.value();
  if (encoder !== 'amqplib' || value.kind !== 'object') return undefined;
  const trapdoor = value.object.props.get('!')?.value();
  const seconds = value.object.props.get('value')?.value();
  if (trapdoor?.kind !== 'literal' || trapdoor.value !== 'timestamp' || seconds?.kind !== 'literal') return undefined;
  return typeof seconds.value === 'number' && Number.isInteger(seconds.value) ? seconds.value : undefined;
}

function ofValue(value: Value, encoder: TableEncoder): FieldType | undefined {
  switch (value.kind) {
    case 'literal': {
      const v = value.value;
      if (typeof v === 'string') return 'longstr';
      if (typeof v === 'boolean') return 'boolean';
      if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'float';
      if (v === null) return 'void';
      // undefined: amqplib and rabbitmq-client leave the key out, @cloudamqp/amqp-client sends void.
      return encoder === '@cloudamqp/amqp-client' ? 'void' : undefined;
    }
    case 'object': {
      const trapdoor = encoder === 'amqplib' ? value.object.props.get('!')?.value() : undefined;
      if (trapdoor?.kind === 'literal' && typeof trapdoor.value === 'string') return TRAPDOOR[trapdoor.value];
      return 'table';
    }
    case 'array':
      return 'array';
    default:
      return undefined;
  }
}

function isDateConstruction(node: Node): boolean {
  return node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Date';
}
