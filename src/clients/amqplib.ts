import { calleeMethod, isCall } from '../parse/ast';
import type { FileModel } from '../model';
import type { ClientModule, FileContext } from './types';
import { amqplibChannels, amqplibConsumer, amqplibDeclaration, amqplibQos } from './shared/amqplib-calls';
import { renderAmqplibOptionIntents, type AmqplibOptionsSyntax } from './shared/amqplib-options';

/**
 * amqplib (promise API and amqplib/callback_api): assertQueue, consume, prefetch/qos on channels.
 * Channels inside amqp-connection-manager setup functions are amqplib channels too; they are
 * reported with the client that created them.
 */
export const amqplib: ClientModule = {
  name: 'amqplib',
  mentions: /amqplib|amqp-connection-manager|assertQueue/,
  analyze(ctx: FileContext, model: FileModel) {
    const channels = amqplibChannels(ctx);
    for (const node of ctx.file.nodes) {
      if (!isCall(node)) continue;
      const m = calleeMethod(node);
      if (!m || !['assertQueue', 'consume', 'prefetch', 'qos'].includes(m.method)) continue;
      let channel = channels.channelOf(m.object);
      if (!channel) {
        // A receiver we cannot trace (e.g. a channel handed in from another module) in a file that
        // uses amqplib: its assertQueue is amqplib's. Other calls need a proven channel.
        if (m.method !== 'assertQueue' || !channels.importsLibrary || channels.kindOf(m.object)) continue;
        channel = { kind: 'channel', client: 'amqplib', confirm: false, key: `expr:${ctx.file.source(m.object)}` };
      }
      if (m.method === 'assertQueue') model.declarations.push(amqplibDeclaration(ctx, node, channel.client));
      else if (m.method === 'consume') model.consumers.push(amqplibConsumer(ctx, node, channel.client, channel.key));
      else model.qos.push(amqplibQos(ctx, node, channel.client, channel.key));
    }
  },
  renderDeclaration(decl, intents, ctx) {
    return renderAmqplibOptionIntents(ctx.file, decl.syntax as AmqplibOptionsSyntax, intents);
  },
};
