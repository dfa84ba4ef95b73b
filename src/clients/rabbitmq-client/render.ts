// Renders fix intents in rabbitmq-client's syntax.
import type { Consumer, FixIntent, Qos, QueueDeclaration, Subject } from '../../model';
import { editOptions } from '../object-api/render';
import { renderConnectionOpen } from '../model-builders/connection-open';
import { renderQueueOptionIntents } from '../model-builders/queue-options';
import { type RenderResult } from '../../fix/render-result';
import type { RabbitmqClientDeclarationSyntax } from './declarations';
import type { RabbitmqClientConsumerSyntax, RabbitmqClientQosSyntax } from './consumers';

/** Renders fix intents in rabbitmq-client's syntax: params objects, consumer props, qos objects. */
export function renderRabbitmqClient(subject: Subject, intents: FixIntent[]): RenderResult {
  switch (subject.kind) {
    case 'queue-declaration':
      return renderDeclaration(subject, intents);
    case 'qos':
      if (intents.length === 1 && intents[0].kind === 'drop-global-qos') return dropGlobal(subject);
      break;
    case 'consumer':
      if (intents.length === 1 && intents[0].kind === 'manual-ack') return manualAck(subject, intents[0].prefetch);
      break;
    case 'connection-open':
      return renderConnectionOpen(subject, intents);
  }
  return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} here` };
}

/** `durable: true`, ... for intents that only set flags; undefined if any intent does more. */
function flagProperties(intents: FixIntent[]): string[] | undefined {
  const out: string[] = [];
  for (const i of intents) {
    if (i.kind !== 'set-flag') return undefined;
    out.push(`${i.flag}: ${i.value}`);
  }
  return out;
}

function renderDeclaration(decl: QueueDeclaration, intents: FixIntent[]): RenderResult {
  const syntax = decl.syntax as RabbitmqClientDeclarationSyntax;
  if (syntax.form === 'params') return renderQueueOptionIntents(syntax.file, syntax.options, intents);
  const flags = flagProperties(intents);
  if (!flags) return { ok: false, reason: 'the declaration has no queue arguments to change' };
  switch (syntax.form) {
    case 'name': {
      // queueDeclare('jobs') → queueDeclare({ queue: 'jobs', durable: true }): the name keeps its spelling.
      const { arg, file: home } = syntax;
      const text = `{ queue: ${home.source(arg)}, ${flags.join(', ')} }`;
      return { ok: true, edits: [{ start: arg.start!, end: arg.end!, text, file: home.path }], touched: [home.span(arg)] };
    }
    case 'none':
      return { ok: true, edits: [{ start: syntax.at, end: syntax.at, text: `{ ${flags.join(', ')} }`, file: syntax.file.path }], touched: [{ file: syntax.file.path, start: syntax.at, end: syntax.at }] };
    case 'consumer-props':
      // createConsumer({ queue }) → createConsumer({ queue, queueOptions: { durable: true } }).
      return editOptions(syntax.props, [], [`queueOptions: { ${flags.join(', ')} }`]);
  }
}

/** `{ prefetchCount: 10, global: true }` → `{ prefetchCount: 10 }` (global defaults to false). */
function dropGlobal(qos: Qos): RenderResult {
  const { options } = qos.syntax as RabbitmqClientQosSyntax;
  const global = options.object?.props.get('global');
  if (!options.object || !global) return { ok: false, reason: 'global is not written in the qos options' };
  return editOptions(options.object, [global], []);
}

/**
 * createConsumer with noAck: true → without it: the library then acknowledges each message when
 * the handler resolves (and requeues it when the handler throws), and a qos prefetch bounds the
 * messages in flight. A raw basicConsume would need basicAck calls written into the handler.
 */
function manualAck(consumer: Consumer, prefetch: number): RenderResult {
  const { form, options } = consumer.syntax as RabbitmqClientConsumerSyntax;
  if (form !== 'create-consumer') return { ok: false, reason: 'the handler would have to call ch.basicAck for each message' };
  const noAck = options.object?.props.get('noAck');
  if (!options.object || !noAck) return { ok: false, reason: 'noAck is not written in the consumer props' };
  return editOptions(options.object, [noAck], consumer.prefetch ? [] : [`qos: { prefetchCount: ${prefetch} }`]);
}
