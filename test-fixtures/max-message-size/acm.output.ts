import amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);
const channel = connection.createChannel({ json: false });

export async function uploadVideo() {
  // rabbitmq4-codemod(max-message-size): keep bodies under 16 MiB (store the payload elsewhere and
  // publish a reference to it, or split it into several messages), or have the operators raise
  // max_message_size in rabbitmq.conf to at least 104857600 (at most 536870912)
  await channel.sendToQueue('videos', Buffer.allocUnsafe(100 * 1024 * 1024));
}
