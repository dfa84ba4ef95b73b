import type { ConsumeMessage } from 'amqplib';

type Settle = (msg: ConsumeMessage) => void;

export async function handleEmail(msg: ConsumeMessage, ack: Settle, reject: Settle) {
  try {
    const email = JSON.parse(msg.content.toString());
    await send(email);
    ack(msg);
  } catch {
    reject(msg);
  }
}

async function send(email: unknown) {
  return email;
}
