// What a rule is: its metadata and a pure check of the model, per subject kind.
import type { Amqp10Link, ConnectionOpen, Consumer, DefaultQueueTypes, DependencyPin, ExchangeDeclaration, FixIntent, IgnoredOption, Publish, QueueBinding, QueueDeclaration, QueueDeletion, QueueType, Qos, Severity, Span, TargetVersion } from '../model';
import type { DeclaredPlace, DeclaredQueue } from './declared-queue';

export interface RuleMeta {
  id: string;
  /** One line: what the rule finds. */
  title: string;
  /** The model objects the rule reads. */
  appliesTo: 'queue-declaration' | 'consumer' | 'qos' | 'publish' | 'connection-open' | 'queue-binding' | 'amqp10-link' | 'dependency' | 'exchange-declaration' | 'queue-deletion' | 'ignored-option';
  /** Headline severity per target version (a finding may be lower, e.g. when a value is unknown). */
  severity: Record<TargetVersion, Severity>;
  /** The best fix the rule can offer. */
  fixable: 'rewrite' | 'annotate' | 'none';
  /**
   * What a finding's severity and fix depend on, where the rule's findings differ from `severity` and
   * `fixable` beyond what holds for every rule (an info finding is reported only; a rewrite that is not
   * safe where the value is written is an annotation). `rules` shows it; test/rules-listing.test.ts holds
   * it to what the fixtures report.
   */
  dependsOn?: string;
  /** Section of MIGRATION.md (an anchor: the rule id). */
  docs: string;
  /**
   * The broker's reply, as RabbitMQ 4.3 sends it for the rule's main case, checked against a real
   * broker by the broker suite. `Q` stands for the queue name.
   */
  brokerError?: string;
}

export interface Violation {
  message: string;
  severity: Severity;
  brokerError?: string;
  /** The part of the declaration to highlight (defaults to the whole call). */
  focus?: Span;
  /**
   * Where the value the finding is about is written, when it is not highlighted (`focus`): the engine
   * reports the finding where its fix goes, e.g. at a caller that passes `noAck: true` to a helper.
   */
  valueAt?: Span;
  /**
   * The finding is about the consumer's channel (a prefetch it lacks), not a value the consumer writes:
   * for a helper's consumer on a channel its caller passes, the engine reports it at that call.
   */
  aboutChannel?: true;
  /** A safe rewrite, said in RabbitMQ terms. */
  intents?: FixIntent[];
  /** What a human should do, when there is no safe rewrite (or besides it, if the rewrite is refused). */
  advice: string;
  /** The declaration before the rewrite was refused on every broker version: old code never made the queue (no redeclare advice). */
  neverAccepted?: true;
  /** The advice is about this finding's own value (an offset): a client's wording of the rule's general advice does not replace it. */
  ownAdvice?: true;
  /** What the rewrite means for a queue that already exists with the old settings. */
  existingQueue?: string;
  /** The rewrite changes a queue that works today: `--safe-only` turns it into an annotation. */
  risky?: boolean;
  /** Rewrites offered only with --unsafe-fixes (and as a non-preferred quick fix). */
  unsafeIntents?: boolean;
  /** Other places the finding is about (another declaration of the same queue), with what each is. */
  related?: { place: DeclaredPlace; message: string }[];
}

export interface RuleContext {
  target: TargetVersion;
  /** The broker's default queue type a declaration without x-queue-type is typed by (unset: classic). */
  defaultQueueType?: DefaultQueueTypes;
  /** Every named, non-passive declaration of the queue in the scanned project (all its files), in project order. */
  declaredQueues(name: string): readonly DeclaredQueue[];
  /** Every stream queue declared anywhere in the scanned project, by name. */
  streamQueues: ReadonlySet<string>;
  /** The type of every queue declared in the scanned project, by name. */
  queueTypes: ReadonlyMap<string, QueueType>;
  /** The consumers started on the channel a prefetch is set on. */
  consumersOn(qos: Qos): Consumer[];
}

export interface DeclarationRule {
  meta: RuleMeta;
  checkDeclaration(decl: QueueDeclaration, ctx: RuleContext): Violation[];
  /** Consumers, for a queue argument that also exists as a consumer argument (x-cancel-on-ha-failover). */
  checkConsumer?(consumer: Consumer, ctx: RuleContext): Violation[];
}

export interface ConsumerRule {
  meta: RuleMeta;
  checkConsumer(consumer: Consumer, ctx: RuleContext): Violation[];
}

export interface QosRule {
  meta: RuleMeta;
  checkQos(qos: Qos, ctx: RuleContext): Violation[];
}

export interface PublishRule {
  meta: RuleMeta;
  checkPublish(publish: Publish, ctx: RuleContext): Violation[];
}

export interface OpenRule {
  meta: RuleMeta;
  checkOpen(open: ConnectionOpen, ctx: RuleContext): Violation[];
}

export interface BindingRule {
  meta: RuleMeta;
  checkBinding(binding: QueueBinding, ctx: RuleContext): Violation[];
}

export interface LinkRule {
  meta: RuleMeta;
  checkLink(link: Amqp10Link, ctx: RuleContext): Violation[];
}

/** A rule over dependency manifests (package.json ranges, lock file versions), and optionally the connections the code opens. */
export interface DependencyRule {
  meta: RuleMeta;
  checkDependency(pin: DependencyPin, ctx: RuleContext): Violation[];
  checkOpen?(open: ConnectionOpen, ctx: RuleContext): Violation[];
}

export interface ExchangeRule {
  meta: RuleMeta;
  checkExchange(exchange: ExchangeDeclaration, ctx: RuleContext): Violation[];
  /** Publishes that depend on what the rule finds in exchanges (e.g. a plugin's message header). */
  checkPublish?(publish: Publish, ctx: RuleContext): Violation[];
}

export interface QueueDeletionRule {
  meta: RuleMeta;
  checkDeletion(deletion: QueueDeletion, ctx: RuleContext): Violation[];
}

export interface IgnoredOptionRule {
  meta: RuleMeta;
  checkIgnoredOption(option: IgnoredOption, ctx: RuleContext): Violation[];
}

export type Rule = DeclarationRule | ConsumerRule | QosRule | PublishRule | OpenRule | BindingRule | LinkRule | DependencyRule | ExchangeRule | QueueDeletionRule | IgnoredOptionRule;

/** The direct reply-to pseudo-queue: consumed with automatic ack by design. */
export const isReplyTo = (queue: string | undefined): boolean => !!queue && queue.startsWith('amq.rabbitmq.reply-to');

export const ALL_TARGETS = (severity: Severity): Record<TargetVersion, Severity> => ({
  '4.0': severity,
  '4.1': severity,
  '4.2': severity,
  '4.3': severity,
});

export const atLeast = (target: TargetVersion, version: TargetVersion): boolean => Number(target) >= Number(version);
