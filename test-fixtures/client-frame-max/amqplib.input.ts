import amqp from 'amqplib';

const BROKER = 'amqp://rabbit.internal:5672/orders?frameMax=4096&heartbeat=30';
const SMALL_FRAMES = 4096;

export async function connectWithOptions() {
  return amqp.connect({ protocol: 'amqp', hostname: 'rabbit.internal', frameMax: 4096, heartbeat: 30 });
}

export async function connectWithUrl() {
  return amqp.connect(BROKER);
}

export async function connectWithTemplate(host: string) {
  return amqp.connect(`amqp://${host}:5672?frameMax=0x1000`);
}

export async function connectWithConstant() {
  return amqp.connect({ hostname: 'rabbit.internal', frameMax: SMALL_FRAMES });
}

export async function connectFromEnvironment() {
  return amqp.connect({ hostname: 'rabbit.internal', frameMax: Number(process.env.AMQP_FRAME_MAX) });
}
