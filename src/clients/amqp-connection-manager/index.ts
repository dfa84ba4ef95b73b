// amqp-connection-manager: its ChannelWrapper's calls, which proxy to amqplib with amqplib's defaults.
import { calleeMethod, isCall } from '../../parse/ast';
import type { FileModel } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import { amqplibBinding, amqplibChannels, amqplibConsumer, amqplibDeclaration, amqplibOpen, amqplibPublish } from '../amqplib-family/calls';
import { addIgnoredOptions } from '../amqplib-family/option-keys';
import { renderAmqplibSubject } from '../amqplib-family/render';
import { amqplibExchange, amqplibQueueDeletion } from '../amqplib-family/topology';
import { ACM, ACM_SHAPE } from '../amqplib-family/shapes';
import { recognised } from '../model-builders/receivers';

/** The ChannelWrapper's calls the analysis reads. */
const WRAPPER_CALLS = new Set(['assertQueue', 'consume', 'bindQueue', 'assertExchange', 'deleteQueue', 'publish', 'sendToQueue']);

/**
 * amqp-connection-manager's ChannelWrapper: assertQueue, assertExchange, deleteQueue and consume (with its `prefetch` option)
 * proxy to amqplib with amqplib's defaults; publish and sendToQueue return a promise settled by
 * the broker's confirm (confirm channels are the default). Setup functions are handled by the
 * amqplib client.
 */
export const amqpConnectionManager: ClientModule = {
  name: ACM,
  shapes: [ACM_SHAPE],
  mentions: /amqp-connection-manager|ChannelWrapper/,
  analyze(ctx: FileContext, model: FileModel) {
    const channels = amqplibChannels(ctx);
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const opened = channels.opens(node);
      if (opened?.library === 'amqp-connection-manager') model.opens.push(amqplibOpen(ctx, node, ACM, opened.what));
      const m = calleeMethod(node);
      if (!m || !WRAPPER_CALLS.has(m.method)) continue;
      // The recognition ladder: a wrapper the tracker follows, else one inferred from the call's shape.
      const wrapper = channels.wrapperAt(node);
      if (!wrapper) continue;
      const { note } = wrapper;
      if (m.method === 'assertQueue' || m.method === 'consume') addIgnoredOptions(ctx, model, node, m.method, ACM, `${ctx.file.source(node.callee).replace(/\s+/g, '')}()`, true);
      if (m.method === 'assertQueue') model.declarations.push(recognised(amqplibDeclaration(ctx, node, ACM, 'amqplib', wrapper.vhost), note));
      else if (m.method === 'consume') model.consumers.push(recognised(amqplibConsumer(ctx, node, ACM, wrapper.key, true), note));
      else if (m.method === 'bindQueue') model.bindings.push(recognised(amqplibBinding(ctx, node, ACM), note));
      else if (m.method === 'assertExchange') model.exchanges.push(recognised(amqplibExchange(ctx, node, ACM), note));
      else if (m.method === 'deleteQueue') model.queueDeletions.push(recognised(amqplibQueueDeletion(ctx, node, ACM), note));
      else {
        // The wrapper queues every message in the process and returns a promise, confirmed or not.
        model.publishes.push(recognised(amqplibPublish(ctx, node, ACM, wrapper.key, wrapper.confirm, wrapper.confirm === false ? 'buffer-state' : 'confirm', 'promise'), note));
      }
    }
  },
  render(subject, intents, ctx) {
    return renderAmqplibSubject(subject, intents, ctx, 'wrapper');
  },
};
