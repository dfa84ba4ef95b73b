import Rabbit from './rabbit';

async function main() {
  const rabbit = new Rabbit();
  await rabbit.init(process.env.AMQP_URL ?? 'amqp://localhost');
  await rabbit.createQueue('orders');
  await rabbit.subscribe('orders', (body, ack) => {
    console.log(body);
    ack();
  });
  await rabbit.listen('audit', (body) => console.log(body));
}

main();
