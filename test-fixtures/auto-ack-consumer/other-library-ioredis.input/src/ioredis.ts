import Redis from 'ioredis';

const sub = new Redis();
const pub = new Redis();

export async function run() {
  await sub.subscribe('orders', (err) => err && console.error(err));
  sub.on('message', (channel, message) => console.log(channel, message));
  await pub.publish('orders', JSON.stringify({ id: 1 }));
}
