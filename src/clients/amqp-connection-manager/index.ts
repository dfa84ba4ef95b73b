// amqp-connection-manager: its ChannelWrapper's calls, which proxy to amqplib with amqplib's defaults.
import { calleeMethod, isCall } from '../../parse/ast';
import type { FileModel } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import { amqplibBinding, amqplibChannels, amqplibConsumer, amqplibDeclaration, amqplibOpen, amqplibPublish } from '../amqplib-family/calls';
import { addIgnoredOptions } from '../amqplib-family/option-keys';
import { renderAmqplibSubject } from '../amqplib-family/render';
import { amqplibExchange, amqplibQueueDeletion } from '../amqplib-family/topology';
import { ACM_SHAPE } from '../amqplib-family/shapes';

/**
 * amqp-connection-manager's ChannelWrapper: assertQueue, assertExchange, deleteQueue and consume (with its `prefetch` option)
 * proxy to amqplib with amqplib's defaults; publish and sendToQueue return a promise settled by
 * the broker's confirm (confirm channels are the default). Setup functions are handled by the
 * amqplib client.
 */
export const amqpConnectionManager: ClientModule = {
  name: 'amqp-connection-manager',
  shapes: [ACM_SHAPE],
  mentions: /amqp-connection-manager|ChannelWrapper/,
  analyze(ctx: FileContext, model: FileModel) {
    const channels = amqplibChannels(ctx);
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const opened = channels.opens(node);
      if (opened?.library === 'amqp-connection-manager') model.opens.push(amqplibOpen(ctx, node, 'amqp-connection-manager', opened.what));
      const m = calleeMethod(node);
      if (!m) continue;
      const wrapper = channels.wrapperOf(m.object);
      if (!wrapper) continue;
      if (m.method === 'assertQueue' || m.method === 'consume') addIgnoredOptions(ctx, model, node, m.method, 'amqp-connection-manager', `${ctx.file.source(node.callee).replace(/\s+/g, '')}()`, true);
      if (m.method === 'assertQueue') model.declarations.push(amqplibDeclaration(ctx, node, 'amqp-connection-manager', 'amqplib', wrapper.vhost));
      else if (m.method === 'consume') model.consumers.push(amqplibConsumer(ctx, node, 'amqp-connection-manager', wrapper.key, true));
      else if (m.method === 'bindQueue') model.bindings.push(amqplibBinding(ctx, node, 'amqp-connection-manager'));
      else if (m.method === 'assertExchange') model.exchanges.push(amqplibExchange(ctx, node, 'amqp-connection-manager'));
      else if (m.method === 'deleteQueue') model.queueDeletions.push(amqplibQueueDeletion(ctx, node, 'amqp-connection-manager'));
      else if (m.method === 'publish' || m.method === 'sendToQueue') {
        // The wrapper queues every message in the process and returns a promise, confirmed or not.
        model.publishes.push(amqplibPublish(ctx, node, 'amqp-connection-manager', wrapper.key, wrapper.confirm, wrapper.confirm === false ? 'buffer-state' : 'confirm', 'promise'));
      }
    }
  },
  render(subject, intents, ctx) {
    return renderAmqplibSubject(subject, intents, ctx, 'wrapper');
  },
};
