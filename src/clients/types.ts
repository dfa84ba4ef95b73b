// What a client module is: its syntax knowledge, behind one interface the engine calls.
import type { ParsedFile } from '../parse/ast';
import type { FileContext } from '../resolve/file-context';
import type { FileModel, FixIntent, Subject } from '../model';

import type { RenderResult } from '../fix/render-result';
import type { ObjectShape } from '../resolve/objects/shape';

/** A client library: knows its syntax and defaults, never what RabbitMQ refuses. */
export interface ClientModule {
  name: string;
  /** A cheap textual test: can this file use the library at all? */
  mentions: RegExp;
  /** The library's objects (connections, channels, ...), for the project-level tracker to follow across files. */
  shapes?: readonly ObjectShape[];
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
