import { rabbit } from './rabbit';

export async function declareOrders() {
  await rabbit.queueDeclare({ queue: 'orders', exclusive: false });
}

export const audit = rabbit.createConsumer({ queue: 'audit', queueOptions: { durable: true } }, async (msg) => {
  console.log(msg.body);
});
