import amqp, { type ConsumeMessage } from 'amqplib';

const MAX_RETRIES = 5;

export async function start(url: string) {
  const ch = await (await amqp.connect(url)).createChannel();
  await ch.prefetch(10);
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('work', async (msg) => {
    if (!msg) return;
    const count = msg.properties.headers?.['x-death']?.[0]?.count ?? 0;
    if (count >= MAX_RETRIES) {
      ch.publish('parking-lot', '', msg.content);
    } else {
      ch.publish('retry', msg.fields.routingKey, msg.content, { headers: msg.properties.headers });
    }
    ch.ack(msg);
  });
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('mail', (msg) => {
    if (msg === null) return;
    const headers = msg.properties.headers ?? {};
    const death = headers['x-death']?.find((d: { queue: string }) => d.queue === 'mail');
    if (death && death.count > 3) ch.ack(msg);
    else ch.sendToQueue('mail-retry', msg.content, { persistent: true });
    ch.ack(msg);
  });
  // rabbitmq4-codemod(x-death-retry-count): count retries in a header of your own without the x-
  // prefix (e.g. 'retry-count': read it, add 1 when you republish), or let a quorum queue count:
  // its delivery-limit (x-delivery-limit or a delivery-limit policy) and the x-delivery-count
  // header (x-acquired-count from 4.3)
  await ch.consume('billing', (msg) => {
    if (!msg) return;
    if (retries(msg) < 3) ch.publish('billing-retry', '', msg.content);
    ch.ack(msg);
  });
  await ch.consume('inspect', (msg) => {
    if (!msg) return;
    // How the message comes back is decided elsewhere.
    if (msg.properties.headers!['x-death'][0].count > 9) alert(msg.content);
    ch.ack(msg);
  });
  await ch.consume('forward', (msg) => {
    if (!msg) return;
    // Republishing with the received properties: the x-death in them is ignored by 4.x.
    ch.sendToQueue('work', msg.content, msg.properties);
    ch.ack(msg);
  });
}

function retries(message: ConsumeMessage): number {
  const [{ count }] = message.properties.headers!['x-death'];
  return count;
}

declare function alert(b: Buffer): void;
