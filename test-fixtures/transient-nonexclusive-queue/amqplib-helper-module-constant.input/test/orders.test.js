const amqp = require('amqplib');
const { declareQueue } = require('./helpers');

describe('orders', () => {
  let conn;
  let ch;

  beforeAll(async () => {
    conn = await amqp.connect(process.env.AMQP_URL || 'amqp://localhost');
    ch = await conn.createChannel();
  });

  afterAll(() => conn.close());

  it('routes created orders', async () => {
    await declareQueue(ch, 'orders.created');
  });

  it('routes cancelled orders', async () => {
    await declareQueue(ch, 'orders.cancelled');
  });

  it('routes refunded orders', async () => {
    await declareQueue(ch, 'orders.refunded');
  });
});
