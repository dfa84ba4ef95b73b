// Marks the queue declarations a quorum rule may report whose code cannot run as far as the project shows
// (QueueDeclaration.unreached, read by quorum-delivery-limit-default): resolve/reachability.ts says why.
import { valueOf, type FileModel } from '../model';
import type { FileContext } from '../resolve/file-context';
import { unreachedWhy } from '../resolve/reachability';
import type { AnalyzeOptions } from './options';

/** Only a declaration that may be a quorum queue is looked at: one that names the type, or any when a default queue type is set. */
export function markUnreached(models: Iterable<FileModel>, options: AnalyzeOptions, contextOf: (file: string) => FileContext | undefined): void {
  for (const model of models) {
    for (const decl of model.declarations) {
      const named = valueOf(decl.arguments.find((a) => a.key === 'x-queue-type')?.value);
      if (named !== 'quorum' && !(named === undefined && options.defaultQueueType)) continue;
      const ctx = contextOf(decl.at.file);
      const node = ctx?.file.nodeAt(decl.at);
      const why = ctx && node ? unreachedWhy(ctx, node) : undefined;
      if (why) decl.unreached = why;
    }
  }
}
