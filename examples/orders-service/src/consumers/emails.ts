// Sends the emails other services ask for.
import { connect } from '../broker';
import { EMAILS_OPTIONS, EMAILS_QUEUE } from '../queues';

export async function consumeEmails(send: (to: string, body: string) => Promise<void>): Promise<void> {
  const ch = await (await connect()).createChannel();
  await ch.assertQueue(EMAILS_QUEUE, EMAILS_OPTIONS);
  await ch.consume(
    EMAILS_QUEUE,
    (msg) => {
      if (!msg) return;
      const { to, body } = JSON.parse(msg.content.toString());
      void send(to, body);
    },
    { noAck: true },
  );
}
