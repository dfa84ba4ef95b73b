const { connect } = require('amqplib');

// A seed script: the loops go over the few messages the code writes out, and end soon.
async function seed() {
  const channel = await (await connect('amqp://localhost')).createChannel();
  const messages = [{ cpf: '34322835040' }, { cpf: '86923000041' }, { cpf: '56894687030' }];
  for (const msg of messages) {
    channel.sendToQueue('benefits', Buffer.from(JSON.stringify(msg)));
  }
  ['normal', 'subscriber'].forEach((type) => channel.publish('emails', type, Buffer.from(type)));
  for (let i = 0; i < 10; i++) channel.sendToQueue('warmup', Buffer.from(String(i)));
}

seed();
