import { AMQPClient, AMQPSession, type AMQPMessage } from '@cloudamqp/amqp-client';

const MAX_RETRIES = 5;

export async function start() {
  const session = await AMQPSession.connect('amqp://localhost');
  const q = await session.queue('work');
  const retry = await session.queue('work-retry');
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await q.subscribe({ prefetch: 10 }, async (msg) => {
    const count = msg.properties.headers?.['x-death']?.[0]?.count ?? 0;
    if (count >= MAX_RETRIES) return;
    await retry.publish(msg.bodyString(), { headers: msg.properties.headers });
  });

  const ch = await (await new AMQPClient('amqp://localhost').connect()).channel();
  await ch.prefetch(10);
  await ch.confirmSelect();
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.basicConsume('mail', { noAck: false }, onMail);

  // Dead-lettered by the broker (nack() defaults to requeue false): its count keeps counting, nothing to report.
  await ch.basicConsume('inspect', { noAck: false }, async (msg) => {
    if (msg.properties.headers!['x-death'][0].count > 9) await msg.nack();
    else await msg.ack();
  });

  // Republishing with all the received properties passes the headers (and their x-death) on.
  await ch.basicConsume('forward', { noAck: false }, async (msg) => {
    await ch.basicPublish('', 'work', msg.body, msg.properties);
    await msg.ack();
  });

  async function onMail(msg: AMQPMessage) {
    const death = (msg.properties.headers?.['x-death'] as { count: number }[] | undefined)?.find((d) => d.count > 0);
    if (death && death.count > 3) await msg.reject();
    else await ch.basicPublish('', 'mail-retry', msg.body, { deliveryMode: 2 });
    await msg.ack();
  }
}
