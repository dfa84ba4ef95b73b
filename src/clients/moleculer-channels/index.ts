// @moleculer/channels' AMQP adapter: each channel's queue, consumer and prefetch.
import { isCall, type Node } from '../../parse/ast';
import type { FileModel } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import { addMoleculerAmqp, amqpOptionsOf, renderMoleculerAmqp, type MoleculerAmqpSpec } from '../moleculer-family/amqp-options';
import { exportPath, importsPackage } from '../declarative-config/config-objects';

const PACKAGE = /^@moleculer\/channels$/;

/**
 * @moleculer/channels' AMQP adapter (src/adapters/amqp.js): each channel's queue
 * `<group>.<channel>` is asserted with `amqp.queueOptions` (amqplib: durable by default), consumed
 * with `amqp.consumerOptions` (noAck false; the adapter acks after the handler), on one channel with
 * `prefetch(maxInFlight)` (default 1; null sends none).
 */
const MOLECULER_CHANNELS: MoleculerAmqpSpec = {
  client: '@moleculer/channels',
  queues: '<group>.<channel>',
  callee: '@moleculer/channels AMQP adapter',
  queueOptions: ['amqp', 'queueOptions'],
  consumeOptions: ['amqp', 'consumerOptions'],
  prefetch: 'maxInFlight',
  prefetchDefault: 1,
  prefetchRead: 'null-is-none',
  autoDelete: false,
};

export const moleculerChannels: ClientModule = {
  name: '@moleculer/channels',
  mentions: /@moleculer\/channels/,
  analyze(ctx: FileContext, model: FileModel) {
    if (!importsPackage(ctx.file, PACKAGE)) return;
    for (const node of ctx.file.nodes) {
      if (!isCall(node) || exportPath(ctx, node.callee, PACKAGE) !== 'Middleware') continue;
      const arg = node.arguments[0];
      const options = arg && arg.type !== 'SpreadElement' && arg.type !== 'ArgumentPlaceholder' ? ctx.resolver.resolve(arg) : undefined;
      const adapter = options?.kind === 'object' ? options.object.props.get('adapter') : undefined;
      if (!adapter || adapter.file !== ctx.file) continue;
      // The adapter type defaults to Redis: only an AMQP URL or type is this adapter.
      const amqp = amqpOptionsOf(adapter.value());
      if (amqp) addMoleculerAmqp(ctx, model, MOLECULER_CHANNELS, amqp.options, adapter.node as Node);
    }
  },
  render(subject, intents, ctx) {
    return renderMoleculerAmqp(subject, intents, ctx);
  },
  advice(subject, ruleId) {
    switch (ruleId) {
      case 'transient-nonexclusive-queue':
        return "leave durable: false out of the adapter's amqp.queueOptions: each channel's group queue is durable by default (amqplib), which is what a queue shared by a consumer group needs";
      case 'auto-ack-consumer':
        return "leave noAck: true out of amqp.consumerOptions: the adapter acknowledges each message after its handler, with maxInFlight (1 by default) as the prefetch";
      case 'unbounded-prefetch':
        return 'set maxInFlight above 0 in the adapter options (the default is 1; null sends no prefetch)';
      case 'ineffective-prefetch':
        return 'leave noAck: true out of amqp.consumerOptions so that maxInFlight limits the consumer';
      case 'stream-consumer-requirements':
        return 'leave noAck: true out of amqp.consumerOptions and keep maxInFlight above 0: a stream is consumed with manual ack and a prefetch';
      default:
        return undefined;
    }
  },
};
