import { rabbit } from './rabbit';

export async function declareOrders() {
  await rabbit.queueDeclare({ queue: 'orders', exclusive: false, durable: true });
}

// rabbitmq4-codemod(unbounded-prefetch): set qos: { prefetchCount: N } in the createConsumer props,
// with N the number of messages the handler may work on at once (10 to 100 is typical)
export const audit = rabbit.createConsumer({ queue: 'audit', queueOptions: { durable: true } }, async (msg) => {
  console.log(msg.body);
});
