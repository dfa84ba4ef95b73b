import type { ConsumeMessage } from 'amqplib';

/** How many times the broker dead-lettered the message, from its x-death header. */
export function deliveryAttempts(msg: ConsumeMessage): number {
  const deaths: { count: number }[] = msg.properties.headers?.['x-death'] ?? [];
  return deaths.length ? deaths[0].count : 0;
}

export function attemptsFromHeaders(headers: Record<string, any> | undefined): number {
  return Math.max(0, ...(headers?.['x-death'] ?? []).map((d: { count: number }) => d.count));
}
