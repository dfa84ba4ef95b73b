// @golevelup/nestjs-rabbitmq: the ClientModule for its module config, handler decorators and publishes.
import type { FileModel, FixIntent, Subject } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import { renderQueueOptionIntents } from '../model-builders/queue-options';
import { type RenderResult } from '../../fix/render-result';
import { within } from '../nestjs-family/config';
import { setPropertyInPlace } from '../nestjs-family/edits';
import { addModuleConfigs } from './module-config';
import { addHandlers, type GolevelupConsumerSyntax } from './handlers';
import { addPublishes } from './publishes';
import type { GolevelupDeclarationSyntax } from './queues';
import { GOLEVELUP } from './names';
import { GOLEVELUP_SHAPE } from './shapes';

const PREFETCH_SETTING = "prefetchCount in RabbitMQModule's config, 10 by default, or in the channel named in queueOptions.channel";

/** The consumer rules' advice, said with the library's handler options. */
const ADVICE: Record<string, string> = {
  'auto-ack-consumer': `set noAck: false (or remove it) in queueOptions.consumerOptions: the library then acknowledges each message after the handler returns (return new Nack() to reject one), and the prefetch limits the messages in flight (${PREFETCH_SETTING})`,
  'unbounded-prefetch': `set a prefetch above 0: ${PREFETCH_SETTING}`,
  'ineffective-prefetch': 'set noAck: false (or remove it) in queueOptions.consumerOptions, so that the library acknowledges after the handler and the prefetch limits the consumer',
  'stream-consumer-requirements': `consume the stream without noAck: true in queueOptions.consumerOptions, and with a prefetch above 0 (${PREFETCH_SETTING})`,
  'quorum-requeue-delivery-count':
    "for a failure that should count toward the delivery limit, throw and give the handler an errorHandler that rejects with requeue (`errorHandler: (channel, msg) => channel.reject(msg, true)`), and keep `return new Nack(true)` for \"not now\" returns; count retries with x-acquired-count on 4.3 (or a header of your own); consider the 4.3 delayed-retry queue arguments instead of an immediate requeue",
};

/**
 * @golevelup/nestjs-rabbitmq: `@RabbitSubscribe` / `@RabbitRPC` / `@RabbitHandler` handlers (a queue
 * declared and consumed with manual ack by the library), `RabbitMQModule.forRoot/forRootAsync`
 * config (`queues[]`, `prefetchCount`, `channels`), and `AmqpConnection.publish`.
 */
export const golevelupNestjsRabbitmq: ClientModule = {
  name: GOLEVELUP,
  shapes: [GOLEVELUP_SHAPE],
  mentions: /@golevelup\/nestjs-rabbitmq|@nestjs-plus\/rabbitmq/,
  analyze(ctx: FileContext, model: FileModel) {
    const channels = addModuleConfigs(ctx, model);
    addHandlers(ctx, model, channels);
    addPublishes(ctx, model);
  },
  render(subject: Subject, intents: FixIntent[], ctx: FileContext): RenderResult {
    if (subject.kind === 'queue-declaration') return renderQueueOptionIntents(ctx.file, (subject.syntax as GolevelupDeclarationSyntax).queueOptions, intents);
    if (subject.kind === 'consumer' && intents.length === 1 && intents[0].kind === 'manual-ack') {
      // The library acks after the handler by itself: manual ack is only `noAck: false`, if the channel has a prefetch.
      const { decorator, noAck } = subject.syntax as GolevelupConsumerSyntax;
      if (!noAck) return { ok: false, reason: 'noAck is not written in queueOptions.consumerOptions' };
      if (!within(ctx.file, noAck.node, decorator)) return { ok: false, reason: 'noAck comes from a value other handlers may share' };
      const prefetch = subject.prefetch;
      if (!prefetch || prefetch.kind === 'unknown' || prefetch.value <= 0) return { ok: false, reason: `the handler's channel has no known prefetch above 0 (${PREFETCH_SETTING})` };
      return setPropertyInPlace(noAck, 'false');
    }
    return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} in ${GOLEVELUP}'s options` };
  },
  advice(subject: Subject, ruleId: string) {
    return subject.kind === 'consumer' ? ADVICE[ruleId] : undefined;
  },
};
