import type { ParsedFile } from '../parse/ast';
import type { FileModel, FixIntent, Subject } from '../model';
import type { ValueResolver } from '../resolve/values';
import type { RenderResult } from './shared/queue-options';

/** Per-file state shared by the clients that analyse the file. */
export interface FileContext {
  file: ParsedFile;
  resolver: ValueResolver;
  /** Caches clients share (e.g. one channel tracker for amqplib and amqp-connection-manager). */
  shared: Map<string, unknown>;
}

/** A client library: knows its syntax and defaults, never what RabbitMQ refuses. */
export interface ClientModule {
  name: string;
  /** A cheap textual test: can this file use the library at all? */
  mentions: RegExp;
  /** Adds what the file declares, consumes and sets through this library to the model. */
  analyze(ctx: FileContext, model: FileModel): void;
  /** Renders fix intents for something this client recognised, in its own syntax. */
  render(subject: Subject, intents: FixIntent[], ctx: FileContext): RenderResult;
  /**
   * Optional: a rule's advice said in this library's terms (e.g. its config options instead of
   * channel calls), for a subject it recognised; undefined keeps the rule's wording.
   */
  advice?(subject: Subject, ruleId: string, advice: string): string | undefined;
}

export function shared<T>(ctx: FileContext, key: string, make: () => T): T {
  let value = ctx.shared.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    ctx.shared.set(key, value);
  }
  return value;
}
