import type { FileModel } from '../model';

/** Gives each consumer the last prefetch set on its channel before it starts consuming (in source order). */
export function linkQos(model: FileModel): void {
  // A dense file has hundreds of channels: each consumer looks only at its own channel's prefetch calls.
  const byChannel = new Map<string, typeof model.qos>();
  for (const q of model.qos) {
    const list = byChannel.get(q.channel);
    if (list) list.push(q);
    else byChannel.set(q.channel, [q]);
  }
  for (const consumer of model.consumers) {
    const mine = byChannel.get(consumer.channel) ?? [];
    const before = mine.filter((q) => q.at.start < consumer.at.start);
    consumer.qos = before.sort((a, b) => a.at.start - b.at.start).pop();
    consumer.qosAfter = mine.find((q) => q.at.start > consumer.at.start);
  }
}
