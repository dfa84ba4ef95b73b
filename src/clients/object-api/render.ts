// Option edits in one object literal that keep its layout, for rabbitmq-client and @cloudamqp/amqp-client.
import { editObject } from '../../fix/object-edit';
import type { ObjectValue, PropertyValue } from '../../resolve/values';
import { lineEndingOf } from '../../text';
import type { RenderResult } from '../../fix/render-result';

/**
 * Removes options written in one object literal and appends new ones, keeping its layout (in the
 * file that holds it). Used by rabbitmq-client and @cloudamqp/amqp-client for `global` in a qos
 * object and `noAck` in consumer options.
 */
export function editOptions(object: ObjectValue, remove: PropertyValue[], insert: string[]): RenderResult {
  const foreign = remove.find((p) => p.holder !== object.node);
  if (foreign) return { ok: false, reason: `${foreign.key} comes from another object (a spread), not from the options written here` };
  const { file, node } = object;
  const span = { start: node.start!, end: node.end!, properties: node.properties.map((p) => ({ start: p.start!, end: p.end! })) };
  const removed = remove.map((p) => ({ start: p.node.start!, end: p.node.end! }));
  const edits = editObject(file.text, span, removed, insert, lineEndingOf(file.text)).map((e) => ({ ...e, file: file.path }));
  return { ok: true, edits, touched: [file.span(node)] };
}
