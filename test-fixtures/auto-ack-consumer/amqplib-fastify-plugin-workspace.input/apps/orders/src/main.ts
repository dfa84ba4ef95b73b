// An app of the workspace: registers the plugin by its package name and subscribes three consumers through it.
import Fastify from 'fastify';
import rabbit from '@acme/fastify-rabbit';

const app = Fastify();

async function main() {
  await app.register(rabbit, { url: 'amqp://localhost' });

  // Automatic ack: each message is forgotten as it is sent.
  app.rabbit.subscribe({ queue: 'audit', consumerOptions: { noAck: true } }, async (msg) => {
    console.log(msg.content.toString());
  });

  // Manual ack with its own prefetch: safe.
  app.rabbit.subscribe({ queue: 'orders', prefetch: 20, consumerOptions: { noAck: false } }, async (msg) => {
    console.log(msg.content.toString());
  });

  // No options: manual ack, the plugin's prefetch of 10: safe.
  app.rabbit.subscribe({ queue: 'invoices' }, async (msg) => {
    console.log(msg.content.toString());
  });

  // Another decoration's subscribe() (an event bus, not the plugin's): not a consumer.
  app.events.subscribe({ queue: 'ui', consumerOptions: { noAck: true } }, async () => undefined);

  await app.listen({ port: 3000 });
}

main();
