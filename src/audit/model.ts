// The audit's model: what a broker holds (queues, policies, consumers) and what the audit finds in it.
import type { ConsumerReport, QueueType, Severity, TargetVersion } from '../model';
import type { ReportError } from '../report/model';

/** A place in a file, 1-based (the end column is the one after the last character). */
export interface Place {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface BrokerQueue {
  vhost: string;
  name: string;
  durable: boolean;
  autoDelete: boolean;
  /** Exclusive queues are never in a definitions export; the management API lists them. */
  exclusive: boolean;
  type: QueueType | string;
  arguments: Record<string, unknown>;
  /** Messages ready and unacknowledged, and consumers (the management API only). */
  messages?: number;
  /** Messages ready for delivery (the management API only): what a new consumer without a prefetch is pushed at once. */
  messagesReady?: number;
  consumers?: number;
  /** Where the queue is in a definitions file. */
  at?: Place;
}

export interface BrokerPolicy {
  vhost: string;
  name: string;
  pattern: string;
  applyTo: string;
  definition: Record<string, unknown>;
  priority: number;
  at?: Place;
}

export interface BrokerConsumer {
  vhost: string;
  queue: string;
  tag: string;
  ackRequired: boolean;
  prefetch: number;
  /** The connection's name as the broker shows it ("127.0.0.1:51234 -> 127.0.0.1:5672"), and the channel number. */
  connection?: string;
  channel?: number;
  user?: string;
}

export type BrokerSource = { kind: 'definitions'; file: string } | { kind: 'management'; url: string };

/**
 * The default queue type a declaration without x-queue-type gets (catalogue F3): each vhost's (from its
 * metadata; undefined when it has none) and the node's (`default_queue_type` in rabbitmq.conf; a
 * definitions export does not say it).
 */
export interface BrokerDefaults {
  node?: QueueType;
  vhosts: Record<string, QueueType | undefined>;
}

/** What the audit knows about a broker. */
export interface BrokerState {
  source: BrokerSource;
  brokerVersion?: string;
  defaults: BrokerDefaults;
  /** The cluster's nodes (the management API only). */
  nodes?: string[];
  queues: BrokerQueue[];
  policies: BrokerPolicy[];
  /** Only the management API knows the live consumers. */
  consumers?: BrokerConsumer[];
}

export interface AuditFinding {
  ruleId: string;
  severity: Severity;
  vhost: string;
  /** The broker object the finding is about. */
  object: { kind: 'queue' | 'policy' | 'consumer'; name: string };
  message: string;
  /** What to do, in order. */
  step: string;
  /** The exact commands of the step, when there are any. */
  commands: string[];
  brokerError?: string;
  /** Where the code declares the queue (broker-redeclare-mismatch). */
  code?: Place & { file: string };
  /** Where the object is in the definitions file. */
  at?: Place;
}

export interface AuditReport {
  version: 1;
  kind: 'audit';
  tool: { name: string; version: string };
  target: TargetVersion;
  source: { definitions: string } | { managementUrl: string };
  brokerVersion?: string;
  vhost?: string;
  /** The default queue types the code's declarations were judged with: the broker's, or --default-queue-type. */
  defaultQueueTypes: { node?: QueueType | string; vhosts: Record<string, QueueType | string | undefined>; given?: QueueType | Record<string, QueueType> };
  summary: {
    queues: number;
    policies: number;
    /** null: the source cannot tell (a definitions export). */
    consumers: number | null;
    /** Queue declarations read from the code (null: no paths given). */
    declarations: number | null;
    findings: Record<Severity, number>;
  };
  findings: AuditFinding[];
  /** The code's consumers (paths given), each matched to its queue on the broker, most urgent first. */
  consumers?: AuditConsumer[];
  /** Files of the code that could not be analysed. */
  errors: ReportError[];
}

/** A consumer of the code and, when the broker holds its queue, that queue's backlog. */
export interface AuditConsumer extends ConsumerReport {
  broker?: {
    vhost: string;
    queue: string;
    /** The queue's name in the code is its fallback (`process.env.Q || 'orders'`): matched by that. */
    byFallback?: true;
    messagesReady?: number;
    messages?: number;
    consumers?: number;
  };
}
