// moleculer's AMQP transporter: the queues, consumers and prefetch it sets up from its options.
import type * as t from '@babel/types';
import { memberName, propertyKeyName, unwrap, type Node } from '../../parse/ast';
import type { FileModel } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import type { Value } from '../../resolve/values';
import { addMoleculerAmqp, amqpOptionsOf, optionsOf, renderMoleculerAmqp, type AmqpOptions, type MoleculerAmqpSpec } from '../moleculer-family/amqp-options';
import { exportPath, importsPackage } from '../declarative-config/config-objects';

const PACKAGE = /^moleculer$/;
/** moleculer-runner loads its broker options from moleculer.config.{js,ts,...}. */
const RUNNER_CONFIG = /(^|\/)moleculer\.config\.[cm]?[jt]s$/;

/**
 * moleculer's AMQP transporter (src/transporters/amqp.js): every queue is asserted with
 * `Object.assign(packetOptions, queueOptions)` (the user's queueOptions win; amqplib durable
 * default true), consumed with `consumeOptions` (noAck false for requests and balanced queues),
 * on one channel with `prefetch` (default 1, per consumer).
 */
const MOLECULER_TRANSPORTER: MoleculerAmqpSpec = {
  client: 'moleculer',
  queues: 'MOL.*',
  callee: 'moleculer AMQP transporter',
  queueOptions: ['queueOptions'],
  consumeOptions: ['consumeOptions'],
  prefetch: 'prefetch',
  prefetchDefault: 1,
  prefetchRead: 'number-or-default',
  // heartbeat, discover, disconnect, info, ping and pong queues are { autoDelete: true }.
  autoDelete: true,
  // Event, request and response queues get { expires: autoDeleteQueues } (L283-327): true or left
  // out means 2 minutes, a number that many milliseconds, false (or a negative number) none (L71-78).
  expires: { option: 'autoDeleteQueues', milliseconds: autoDeleteQueuesExpiry },
};

const AUTO_DELETE_QUEUES_DEFAULT_MS = 2 * 60 * 1000;

function autoDeleteQueuesExpiry(value: Value | undefined): number | undefined {
  if (value?.kind !== 'literal') return AUTO_DELETE_QUEUES_DEFAULT_MS;
  if (typeof value.value === 'number') return value.value >= 0 ? value.value : undefined;
  return value.value === false ? undefined : AUTO_DELETE_QUEUES_DEFAULT_MS;
}

export const moleculer: ClientModule = {
  name: 'moleculer',
  // moleculer.config.js need not name moleculer; its options do name the transporter.
  mentions: /moleculer|\btransporter\s*:/,
  analyze(ctx: FileContext, model: FileModel) {
    if (!importsPackage(ctx.file, PACKAGE) && !RUNNER_CONFIG.test(ctx.file.path)) return;
    for (const { options, at } of amqpTransporters(ctx)) addMoleculerAmqp(ctx, model, MOLECULER_TRANSPORTER, options, at);
  },
  render(subject, intents, ctx) {
    return renderMoleculerAmqp(subject, intents, ctx);
  },
  advice(subject, ruleId, advice) {
    switch (ruleId) {
      case 'queue-argument-not-supported':
        // The transporter's own x-expires (from autoDeleteQueues), not one the user wrote.
        return advice.includes('autoDeleteQueues (x-expires)')
          ? "set autoDeleteQueues: false in the transporter's options (it gives its event, request and response queues x-expires from it, 2 minutes when left out), or remove x-queue-type from its queueOptions"
          : undefined;
      case 'transient-nonexclusive-queue':
        return "leave durable: false out of the transporter's queueOptions: its queues are durable by default (amqplib) and still go away on their own (heartbeat, discover, info and ping queues are auto-delete; the others expire after autoDeleteQueues, 2 minutes by default)";
      case 'auto-ack-consumer':
        return 'leave noAck: true out of consumeOptions: the transporter acknowledges each request and balanced event after its handler, with a prefetch of 1 by default';
      case 'unbounded-prefetch':
        return "set the transporter's prefetch option above 0 (moleculer's default is 1)";
      case 'ineffective-prefetch':
        return 'leave noAck: true out of consumeOptions so that the prefetch limits the consumer';
      case 'quorum-queue-invalid-property':
      case 'stream-queue-invalid-property':
        return "remove x-queue-type from the transporter's queueOptions: its heartbeat, discover, info and ping queues are auto-delete, which quorum queues and streams cannot be";
      default:
        return undefined;
    }
  },
};

/** Every AMQP transporter the file configures: where, and its options object (none for a URL). */
function amqpTransporters(ctx: FileContext): { options: AmqpOptions; at: Node }[] {
  const out: { options: AmqpOptions; at: Node }[] = [];
  const seen = new Set<Node>();
  const fromBrokerOptions = (node: Node | undefined) => {
    const v = node ? ctx.resolver.resolve(node) : undefined;
    const prop = v?.kind === 'object' ? v.object.props.get('transporter') : undefined;
    if (!prop || prop.file !== ctx.file || seen.has(prop.node) || prop.node.type !== 'ObjectProperty') return;
    seen.add(prop.node);
    const amqp = amqpTransporter(ctx, prop.node.value as Node);
    if (amqp) out.push({ ...amqp, at: prop.node });
  };
  for (const node of ctx.file.nodes) {
    if (node.type === 'NewExpression' && exportPath(ctx, node.callee as Node, PACKAGE) === 'ServiceBroker') fromBrokerOptions(node.arguments[0] as Node | undefined);
    else if (node.type === 'VariableDeclarator' && isBrokerOptionsType(ctx, node)) fromBrokerOptions(node.init ?? undefined);
    else if (RUNNER_CONFIG.test(ctx.file.path)) fromBrokerOptions(exported(node));
    // `new Transporters.AMQP(...)` outside a `transporter:` option (e.g. kept in a variable).
    if (node.type === 'NewExpression' && !isTransporterOption(ctx, node)) {
      const amqp = amqpTransporter(ctx, node);
      if (amqp) out.push({ ...amqp, at: node });
    }
  }
  return out;
}

function isTransporterOption(ctx: FileContext, node: Node): boolean {
  const parent = ctx.file.parentOf(node);
  return parent?.type === 'ObjectProperty' && propertyKeyName(parent) === 'transporter';
}

/** A transporter value that is moleculer's AMQP transporter, or `new Transporters.AMQP(options)`. */
function amqpTransporter(ctx: FileContext, expr: Node): { options: AmqpOptions } | undefined {
  const node = unwrap(expr);
  if (node.type !== 'NewExpression') return amqpOptionsOf(ctx.resolver.resolve(node));
  if (exportPath(ctx, node.callee as Node, PACKAGE) !== 'Transporters.AMQP') return undefined;
  const arg = node.arguments[0] as Node | undefined;
  const value = arg ? ctx.resolver.resolve(arg) : undefined;
  return { options: value?.kind === 'literal' ? undefined : optionsOf(value) };
}

/** `const broker: BrokerOptions = {...}` (or `Moleculer.BrokerOptions`) with the type from moleculer. */
function isBrokerOptionsType(ctx: FileContext, decl: t.VariableDeclarator): boolean {
  const annotation = decl.id.type === 'Identifier' ? decl.id.typeAnnotation : undefined;
  if (annotation?.type !== 'TSTypeAnnotation' || annotation.typeAnnotation.type !== 'TSTypeReference') return false;
  const name = annotation.typeAnnotation.typeName;
  const [local, member] = name.type === 'Identifier' ? [name.name, undefined] : name.left.type === 'Identifier' ? [name.left.name, name.right.name] : [undefined, undefined];
  if (!local) return false;
  const b = ctx.resolver.scopes.lookup(local, decl);
  if (b?.kind !== 'import' || !PACKAGE.test(b.importSource ?? '')) return false;
  return (member ?? b.importedName) === 'BrokerOptions';
}

/** What moleculer.config.* exports: `module.exports = {...}`, `export default {...}`, `export = x`. */
function exported(node: Node): Node | undefined {
  if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression' && node.left.object.type === 'Identifier' && node.left.object.name === 'module' && memberName(node.left) === 'exports') {
    return node.right;
  }
  if (node.type === 'ExportDefaultDeclaration') return node.declaration as Node;
  if (node.type === 'TSExportAssignment') return node.expression;
  return undefined;
}
