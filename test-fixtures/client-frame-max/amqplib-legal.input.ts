import amqp from 'amqplib';

export async function connections(url: string) {
  const big = await amqp.connect({ hostname: 'rabbit.internal', frameMax: 131072 });
  const minimum = await amqp.connect('amqp://rabbit.internal?frameMax=8192');
  const brokerChooses = await amqp.connect({ hostname: 'rabbit.internal', frameMax: 0 });
  const plain = await amqp.connect(url);
  // A socket option, not a frame size: amqplib reads frameMax only from the URL.
  const socket = await amqp.connect('amqp://rabbit.internal', { noDelay: true });
  return [big, minimum, brokerChooses, plain, socket];
}
