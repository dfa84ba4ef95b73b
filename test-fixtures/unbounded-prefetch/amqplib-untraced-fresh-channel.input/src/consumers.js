// Each consumer opens a fresh channel of its own on a pooled connection: only a prefetch set on that channel applies.
// startOrders sets none (reported, not hedged because startBilling's channel has one); startBilling sets 5.
const { acquire } = require('./pool');

async function startOrders() {
  const conn = await acquire();
  const ch = await conn.createChannel();
  await ch.assertQueue('orders', { durable: true });
  await ch.consume('orders', (msg) => {
    if (!msg) return;
    ch.ack(msg);
  });
}

async function startBilling() {
  const conn = await acquire();
  const ch = await conn.createChannel();
  await ch.prefetch(5);
  await ch.consume('billing', (msg) => {
    if (!msg) return;
    ch.ack(msg);
  });
}

module.exports = { startOrders, startBilling };
