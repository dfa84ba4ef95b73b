type RabbitModule = typeof import('./rabbit');

export async function declareAudit(rabbit: RabbitModule) {
  await rabbit.channel.assertQueue('audit', { durable: true, autoDelete: true });
}
