// rascal: the ClientModule for its configuration (queues, subscriptions, exchanges).
import type { FileModel, Subject } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import { findConfigs, unresolvedTestConfig } from './configs';
import { queueDeclarations, type RascalQueueSyntax } from './queues';
import { readSubscriptions } from './subscriptions';
import { exchangeDeclarations } from './exchanges';
import { renderRascal } from './render';

/**
 * rascal: the topology is configuration data (a JS/TS object or a JSON file). Queues are
 * `vhosts.<v>.queues` entries whose `options` go to amqplib's assertQueue (and `vhosts.<v>.exchanges`,
 * asserted the same way) (durable by default;
 * withTestConfig makes them non-durable); subscriptions are consumers with manual ack and a
 * prefetch of 10 by default; `channelPrefetch` and `setChannelPrefetch()` are global prefetches.
 */
export const rascal: ClientModule = {
  name: 'rascal',
  mentions: /rascal|vhosts/,
  analyze(ctx: FileContext, model: FileModel) {
    const found = findConfigs(ctx);
    for (const use of found.uses) {
      model.declarations.push(...queueDeclarations(ctx, use));
      model.exchanges.push(...exchangeDeclarations(ctx, use));
      readSubscriptions(ctx, use, model);
    }
    for (const { call, reason } of found.unresolvedTest) model.declarations.push(unresolvedTestConfig(ctx, call, reason));
    model.qos.push(...found.channelPrefetchCalls);
    model.opens.push(...found.opens);
  },
  render(subject, intents) {
    return renderRascal(subject, intents);
  },
  advice(subject: Subject, ruleId: string) {
    const decl = subject.kind === 'queue-declaration' ? subject : undefined;
    // Under rascal's test defaults (an unresolved withTestConfig config has no syntax).
    const test = !!decl && (decl.syntax === undefined || (decl.syntax as RascalQueueSyntax).test);
    const byTestDefaults = test && decl?.durable.kind === 'default' && !decl.durable.value;
    const durableForTests =
      "set options: { durable: true } on the queue: rascal's test defaults (withTestConfig, testConfig) make every queue non-durable unless its options say durable";
    switch (ruleId) {
      case 'transient-nonexclusive-queue':
        return test ? durableForTests : 'set options: { durable: true } on the queue (add options.expires if it should disappear when idle)';
      case 'quorum-queue-invalid-property':
      case 'stream-queue-invalid-property':
        // A queue made non-durable by the test defaults: the fix is the same whatever its type.
        return byTestDefaults && decl?.autoDelete.kind === 'default' && decl.exclusive.kind === 'default' ? durableForTests : undefined;
      case 'auto-ack-consumer':
        return "set options.noAck to false on the subscription (rascal's default) and call ackOrNack() in the 'message' handler after its work; the subscription's prefetch (10 by default) then limits what the broker pushes";
      case 'unbounded-prefetch':
        return 'set prefetch on the subscription to the number of messages it may work on at once (rascal sends no prefetch for 0 or false; its default is 10)';
      case 'connection-churn':
        return 'create the broker once at start-up and reuse it (broker.publish, broker.subscribe) for every message or request';
      case 'ineffective-prefetch':
        return 'set options.noAck to false on the subscription (and call ackOrNack()) so that its prefetch limits it';
      case 'stream-consumer-requirements':
        return "consume the stream with rascal's defaults: options.noAck false (call ackOrNack() for each message) and a prefetch above 0 on the subscription";
      case 'global-qos':
        return subject.kind === 'qos' && (subject.syntax as { kind?: string }).kind === 'setChannelPrefetch'
          ? 'set prefetch in the subscription config instead of calling setChannelPrefetch() (a channel-wide prefetch)'
          : 'use prefetch (per consumer) instead of channelPrefetch on the subscription';
      default:
        return undefined;
    }
  },
};
