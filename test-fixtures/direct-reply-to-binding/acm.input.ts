import amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);
const channel = connection.createChannel({ json: true });

export async function route() {
  await channel.bindQueue('amq.rabbitmq.reply-to', 'replies', '#');
}
