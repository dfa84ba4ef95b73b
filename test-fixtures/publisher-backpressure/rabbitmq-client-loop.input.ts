import { Connection } from 'rabbitmq-client';
import type { Db } from 'mongodb';

export async function exportUsers(rabbit: Connection, db: Db) {
  const pub = rabbit.createPublisher({ confirm: true });
  const cursor = db.collection('users').find({});
  for await (const user of cursor) {
    // The promise is dropped: every user waits in the publisher, and a failure is an unhandled rejection.
    pub.send('exports', user);
  }
}
