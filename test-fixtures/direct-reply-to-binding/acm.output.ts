import amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);
const channel = connection.createChannel({ json: true });

export async function route() {
  // rabbitmq4-codemod(direct-reply-to-binding): remove the binding: a direct reply-to queue
  // receives only messages published to its own name on the default exchange; bind an ordinary
  // (exclusive) reply queue instead if replies must come through an exchange
  await channel.bindQueue('amq.rabbitmq.reply-to', 'replies', '#');
}
