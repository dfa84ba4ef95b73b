import amqp from 'amqp-connection-manager';

const connection = amqp.connect(['amqp://localhost']);
const channel = connection.createChannel({ json: false });

export async function uploadVideo() {
  await channel.sendToQueue('videos', Buffer.allocUnsafe(100 * 1024 * 1024));
}
