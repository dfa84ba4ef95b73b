// Links each consumer to the prefetch set on its channel before it consumes.
import type { FileModel } from '../model';

/** Gives each consumer the last prefetch set on its channel before it starts consuming (in source order). */
export function linkQos(model: FileModel): void {
  for (const consumer of model.consumers) {
    const before = model.qos.filter((q) => q.channel === consumer.channel && q.at.start < consumer.at.start);
    consumer.qos = before.sort((a, b) => a.at.start - b.at.start).pop();
    consumer.qosAfter = model.qos.find((q) => q.channel === consumer.channel && q.at.start > consumer.at.start);
  }
}
