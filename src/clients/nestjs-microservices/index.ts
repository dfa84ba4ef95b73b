// @nestjs/microservices' RMQ transport: the ClientModule for its servers' and clients' options.
import type { FileModel, FixIntent, Subject } from '../../model';
import type { ClientModule } from '../types';
import type { FileContext } from '../../resolve/file-context';
import { renderQueueOptionIntents } from '../model-builders/queue-options';
import { type RenderResult } from '../../fix/render-result';
import { setPropertyInPlace } from '../nestjs-family/edits';
import { rmqSites } from './sites';
import { addSite, NESTJS_LIBRARY, type NestDeclarationSyntax, type NestQosSyntax } from './model';
import { NEST_RMQ_CONTEXT_SHAPE } from './shapes';

const ACK_IN_HANDLERS = 'acknowledge each message at the end of every @MessagePattern/@EventPattern handler with context.getChannelRef().ack(context.getMessage()) (@Ctx() context: RmqContext)';

/** The consumer rules' advice, said with Nest's RMQ options instead of channel calls. */
const ADVICE: Record<string, string> = {
  'auto-ack-consumer': `set noAck: false in the RMQ options (Nest defaults it to true, whatever its typings say), ${ACK_IN_HANDLERS}, and set prefetchCount (e.g. 10)`,
  'unbounded-prefetch': 'set prefetchCount in the RMQ options to the number of messages the handlers may work on at once (10 to 100 is typical)',
  'ineffective-prefetch': `set noAck: false in the RMQ options and ${ACK_IN_HANDLERS}, so that prefetchCount limits the consumer`,
  'stream-consumer-requirements': `consume the stream with noAck: false and a prefetchCount above 0 in the RMQ options, and ${ACK_IN_HANDLERS}`,
  'global-qos': 'set isGlobalPrefetchCount: false in the RMQ options (or remove it): the prefetch then applies per consumer',
  'manual-ack-never-settled': "give the client proxy its own options without noAck: false (Nest's ClientRMQ never acks a reply, so its reply queue needs noAck: true), or drop replyQueue to use direct reply-to",
  'direct-reply-to-manual-ack': "give the client proxy its own options without noAck: false (noAck is for the microservice that consumes the queue; a client proxy consumes only its replies, from amq.rabbitmq.reply-to, which needs noAck: true)",
};

/**
 * @nestjs/microservices, RMQ transport: the `{ transport: Transport.RMQ, options }` objects handed to
 * microservices (which declare, prefetch and consume `options.queue`) and to client proxies (which
 * declare it too), with Nest's defaults: amqplib's queue flags, noAck true, prefetchCount 0, global false.
 */
export const nestjsMicroservices: ClientModule = {
  name: NESTJS_LIBRARY,
  shapes: [NEST_RMQ_CONTEXT_SHAPE],
  mentions: /@nestjs\/microservices|connectMicroservice|createMicroservice/,
  analyze(ctx: FileContext, model: FileModel) {
    for (const site of rmqSites(ctx)) addSite(ctx, site, model);
  },
  render(subject: Subject, intents: FixIntent[], ctx: FileContext): RenderResult {
    if (subject.kind === 'queue-declaration') return renderQueueOptionIntents(ctx.file, (subject.syntax as NestDeclarationSyntax).queueOptions, intents);
    if (subject.kind === 'qos' && intents.length === 1 && intents[0].kind === 'drop-global-qos') {
      const { globalProp } = subject.syntax as NestQosSyntax;
      return globalProp ? setPropertyInPlace(globalProp, 'false') : { ok: false, reason: 'isGlobalPrefetchCount is not written in the RMQ options' };
    }
    if (subject.kind === 'consumer' && intents.some((i) => i.kind === 'manual-ack')) {
      return { ok: false, reason: "the acks belong in the microservice's @MessagePattern/@EventPattern handlers, not in these options" };
    }
    return { ok: false, reason: `cannot render ${intents.map((i) => i.kind).join(', ')} in Nest's RMQ options` };
  },
  advice(subject: Subject, ruleId: string) {
    return subject.kind === 'consumer' || subject.kind === 'qos' ? ADVICE[ruleId] : undefined;
  },
};
