import { RabbitLoader } from './loader';

async function main() {
  const loader = new RabbitLoader({ url: process.env.AMQP_URL ?? 'amqp://localhost', channels: [{ name: 'master', prefetch: 50, concurrency: 2 }] });
  await loader.init();
  await loader.listen('orders', 'master', async (body) => console.log(body));
  await loader.listenReplies('replies', (body) => console.log(body));
}

main();
