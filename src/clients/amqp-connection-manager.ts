import { calleeMethod, isCall } from '../parse/ast';
import type { FileModel } from '../model';
import type { ClientModule, FileContext } from './types';
import { amqplibChannels, amqplibConsumer, amqplibDeclaration } from './shared/amqplib-calls';
import { renderAmqplibOptionIntents, type AmqplibOptionsSyntax } from './shared/amqplib-options';

/**
 * amqp-connection-manager's ChannelWrapper: assertQueue and consume (with its `prefetch` option)
 * proxy to amqplib with amqplib's defaults. Setup functions are handled by the amqplib client.
 */
export const amqpConnectionManager: ClientModule = {
  name: 'amqp-connection-manager',
  mentions: /amqp-connection-manager|ChannelWrapper/,
  analyze(ctx: FileContext, model: FileModel) {
    const channels = amqplibChannels(ctx);
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const m = calleeMethod(node);
      if (!m || (m.method !== 'assertQueue' && m.method !== 'consume')) continue;
      const wrapper = channels.wrapperOf(m.object);
      if (!wrapper) continue;
      if (m.method === 'assertQueue') model.declarations.push(amqplibDeclaration(ctx, node, 'amqp-connection-manager'));
      else model.consumers.push(amqplibConsumer(ctx, node, 'amqp-connection-manager', wrapper.key, true));
    }
  },
  renderDeclaration(decl, intents, ctx) {
    return renderAmqplibOptionIntents(ctx.file, decl.syntax as AmqplibOptionsSyntax, intents);
  },
};
