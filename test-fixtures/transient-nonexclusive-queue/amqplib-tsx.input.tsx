import * as React from 'react';
import type { Channel } from 'amqplib';

export function List<T,>({ items }: { items: T[] }) {
  return <ul>{items.map((i) => <li key={String(i)}>{String(i)}</li>)}</ul>;
}

export async function declare(ch: Channel) {
  await ch.assertQueue('ui-events', { durable: false });
}
