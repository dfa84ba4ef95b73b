// The plan's model: for each queue the code declares (and each one a broker holds), whether it can become quorum as
// written, what to change, what to do with the queue that exists, and what the broker answered (plan --verify).
import type { DefaultQueueTypes, FieldType, QueueType, Severity, TargetVersion } from '../model';
import type { ReportError } from '../report/model';

/** MIGRATION.md's section the plan follows. */
export const PLAN_DOCS = 'MIGRATION.md#moving-to-quorum-queues';

/** Where a queue ends up under the plan's default queue type. */
export type QueueVerdict =
  /** Already names x-queue-type quorum (or stream): nothing changes. */
  | 'already'
  /** Becomes quorum as written. */
  | 'ready'
  /** Becomes quorum once the plan's rewrites are made. */
  | 'after-changes'
  /** Refused under the default, and no safe rewrite: a human decides (keep classic, or change the declaration). */
  | 'decide'
  /** Stays classic: a temporary queue (exclusive, auto-delete, non-durable), or it names x-queue-type classic. */
  | 'stays-classic'
  /** The code declares it differently in two places: they must agree first. */
  | 'conflict'
  /** A value the code leaves to run time decides. */
  | 'unknown';

export interface PlanFinding {
  ruleId: string;
  severity: Severity;
  message: string;
  brokerError?: string;
  fix: { kind: 'rewrite' | 'annotate' | 'none'; description: string };
}

/** A declaration as the code will send it after the plan's changes, or why it cannot be told. */
export type PlannedForm = { queue: string; durable: boolean; exclusive: boolean; autoDelete: boolean; arguments: Record<string, unknown> } | { unknown: string };

/** What the broker answered the planned declaration (or consumer) in the scratch vhost (plan --verify). */
export interface Verified {
  /** 'accepted' or the broker's reply (`406 PRECONDITION_FAILED - ...`); 'not declared' or 'not verified' when it could not be sent. */
  reply: string;
  /** The type the broker gave the queue, when it accepted it. */
  type?: string;
  /** What the tool predicted. */
  predicted: string;
  /** The broker's reply is what the tool predicted (a prefix of it, where the client's number types are not known). */
  asPredicted: boolean;
  /** Why it was not sent: the code leaves a value of it to run time. */
  notDeclared?: string;
  /** Why the check could not run (connection refused, authentication, a vhost the user may not create, no answer in time): no result, never a mismatch. */
  notVerified?: string;
}

/** A consumer as the code will start it after the plan's changes (basic.qos, then basic.consume), or why that cannot be told. */
export type PlannedConsume =
  | {
      queue: string;
      noAck: boolean;
      /** The prefetch set on its channel before it consumes; absent when the code sets none. */
      prefetch?: number;
      arguments: Record<string, unknown>;
      /** The field type the library sends an argument as, where it is not the value's plain one (a timestamp). */
      wire?: Record<string, FieldType>;
    }
  | { unknown: string };

export interface PlannedConsumer {
  file: string;
  line: number;
  column: number;
  client: string;
  callee: string;
  /** The queue as the code names it ('' for the server-named queue of a declaration, null when unknown). */
  queue: string | null;
  /** The declaration whose server-named queue it consumes (a planned declaration's place). */
  declaredAt?: { file: string; line: number; column: number };
  findings: PlanFinding[];
  after: PlannedConsume;
  /** Refusals of the consume left after the changes. */
  refusedAfter: string[];
  verified?: Verified;
}

/** What plan --verify could check of one kind (declarations or consumers). */
export interface VerifiedCounts {
  /** Sent to the broker. */
  sent: number;
  asPredicted: number;
  otherwise: number;
  notDeclared: number;
  notVerified: number;
}

export interface PlannedDeclaration {
  file: string;
  line: number;
  column: number;
  client: string;
  callee: string;
  /** The type it has today (the broker's default queue type, or classic) and under the plan's default, before and after the changes. */
  today: QueueType | 'unknown';
  planned: QueueType | 'unknown';
  typeFrom: 'argument' | 'default' | 'fallback' | 'classic';
  /** What the rules say under the plan's default (each change an existing rule's rewrite or annotation). */
  findings: PlanFinding[];
  after: PlannedForm;
  /** Refusals left after the changes (annotations a human must settle). */
  refusedAfter: string[];
  verified?: Verified;
}

/** A queue the broker holds that the plan moves (or leaves): its type, contents and the step for it. */
export interface ExistingQueue {
  type: string;
  durable: boolean;
  messages?: number;
  consumers?: number;
  step: string;
  commands: string[];
}

export interface PlannedQueue {
  name: string;
  vhost?: string;
  verdict: QueueVerdict;
  /** One sentence: why the verdict. */
  summary: string;
  declarations: PlannedDeclaration[];
  existing?: ExistingQueue;
}

export interface PlanReport {
  version: 1;
  kind: 'plan';
  tool: { name: string; version: string };
  target: TargetVersion;
  /** The default queue type the plan moves to (every vhost, or per vhost). */
  defaultQueueType: DefaultQueueTypes;
  docs: string;
  broker?: { source: string; version?: string; nodes?: number; defaults: { node?: string; vhosts: Record<string, string | undefined> } };
  summary: Record<QueueVerdict, number> & { queues: number; declarations: number; existing: number | null };
  queues: PlannedQueue[];
  /** Each consumer the code starts, as it will start it after the changes. */
  consumers: PlannedConsumer[];
  /** Queues the broker holds that no scanned code declares. */
  undeclared: (ExistingQueue & { name: string; vhost: string })[];
  /** Policies that keep what removed arguments did (`rabbitmqctl set_policy ...`). */
  policies: { queue: string; vhost: string; keys: string[]; command: string }[];
  /** The order to do it in. */
  steps: string[];
  warnings: string[];
  verification?: {
    vhosts: { name: string; defaultQueueType: QueueType }[];
    permission: string;
    /** The AMQP endpoint it declared and consumed on, and where it came from (--amqp-url, the broker's listener, the default port). */
    amqp?: { url: string; from: string };
    /** Why nothing could be verified, when nothing could. */
    problem?: string;
    declared: number;
    asPredicted: number;
    otherwise: number;
    notDeclared: number;
    notVerified: number;
    consumers: VerifiedCounts;
    limitsFrom?: string;
  };
  errors: ReportError[];
}
