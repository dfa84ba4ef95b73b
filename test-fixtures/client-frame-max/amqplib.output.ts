import amqp from 'amqplib';

const BROKER = 'amqp://rabbit.internal:5672/orders?frameMax=8192&heartbeat=30';
const SMALL_FRAMES = 4096;

export async function connectWithOptions() {
  return amqp.connect({ protocol: 'amqp', hostname: 'rabbit.internal', frameMax: 8192, heartbeat: 30 });
}

export async function connectWithUrl() {
  return amqp.connect(BROKER);
}

export async function connectWithTemplate(host: string) {
  return amqp.connect(`amqp://${host}:5672?frameMax=8192`);
}

export async function connectWithConstant() {
  // rabbitmq4-codemod(client-frame-max): set frameMax to 8192 or more (0 lets the broker choose its
  // default, 131072) (not rewritten: frameMax comes from a named constant or is built at run time:
  // change it where it is set)
  return amqp.connect({ hostname: 'rabbit.internal', frameMax: SMALL_FRAMES });
}

export async function connectFromEnvironment() {
  // rabbitmq4-codemod(client-frame-max): make sure frameMax is 0 (let the broker choose) or at
  // least 8192
  return amqp.connect({ hostname: 'rabbit.internal', frameMax: Number(process.env.AMQP_FRAME_MAX) });
}
