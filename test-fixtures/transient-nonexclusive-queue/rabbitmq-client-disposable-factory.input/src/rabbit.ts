// A factory that returns the connection made disposable (`await using rabbit = createRabbit(url)`): Object.assign
// returns its target, so the factory still returns the rabbitmq-client Connection.
import { Connection } from 'rabbitmq-client';

export function createRabbit(url: string) {
  return Object.assign(new Connection(url), {
    async [Symbol.asyncDispose]() {
      // closed by the caller's `await using`
    },
  });
}
