const amqp = require('amqplib');
const { EventEmitter } = require('events');
const { filterTxsByAccount } = require('./services');

// A block processor: each block event publishes the block, then one message per transaction of that block that
// belongs to a watched account. The loops go over one event's payload: what one block holds, already in memory.
async function main(sync) {
  const conn = await amqp.connect(process.env.RABBIT_URI);
  const channel = await conn.createChannel();
  await channel.assertExchange('events', 'topic', { durable: false });

  const onBlock = async (block) => {
    // rabbitmq4-codemod(unconfirmed-publish): publish on a confirm channel (createConfirmChannel)
    // and wait for the confirm (the publish callback, or waitForConfirms())
    await channel.publish('events', 'block', Buffer.from(JSON.stringify({ block: block.number })));
    const filtered = await filterTxsByAccount(block.transactions);
    for (const item of filtered)
      for (const tx of item.txs) {
        // rabbitmq4-codemod(unconfirmed-publish): publish on a confirm channel
        // (createConfirmChannel) and wait for the confirm (the publish callback, or
        // waitForConfirms())
        await channel.publish('events', `transaction.${item.address}`, Buffer.from(JSON.stringify(tx)));
      }
  };
  sync.on('block', onBlock);
  sync.on('tx', async (tx) => {
    const filtered = await filterTxsByAccount([tx]);
    for (const item of filtered)
      for (const tx of item.txs) channel.publish('events', `transaction.${item.address}`, Buffer.from(JSON.stringify(tx)));
  });
}

main(new EventEmitter());
