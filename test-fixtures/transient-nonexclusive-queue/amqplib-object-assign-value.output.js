// Options merged by Object.assign as an expression, as topology builders write them: a later argument's keys win.
const amqp = require('amqplib');

const SCRATCH = { autoDelete: true, messageTtl: 60000 };

async function assertTopology(url, groups) {
  const connection = await amqp.connect(url);
  const channel = await connection.createChannel();
  for (const group of groups) {
    const queueOptions = {};
    if (group.deadLetter) {
      queueOptions.deadLetterExchange = `command.${group.deadLetter}`;
      queueOptions.deadLetterRoutingKey = group.name;
    }
    // Whatever queueOptions holds, durable is forced true: legal.
    await channel.assertQueue(`event.${group.name}`, Object.assign({}, queueOptions, { durable: true }));
    // Forced transient over known options: refused, and the last literal is where the fix goes.
    await channel.assertQueue(`scratch.${group.name}`, Object.assign({}, SCRATCH, { durable: true }));
    // The group's own options come last and may set durable: unknown.
    await channel.assertQueue(`custom.${group.name}`, Object.assign({ durable: true }, group.options));
  }
}

module.exports = assertTopology;
