// The name read in open() is an implicit global that nothing assigns: the only `connection = ...` assigns setup()'s
// own local variable, which is another variable. open()'s receiver is not traced (only inferred from the call's
// shape), so the handler that only logs is not reported; unbounded-prefetch still reports the inferred channel.
const amqp = require('amqplib');

function setup() {
  let connection;
  connection = amqp.connect('amqp://localhost');
  return connection;
}

async function open() {
  const channel = await connection.createChannel();
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  channel.consume('audit', (msg) => {
    if (msg === null) return;
    console.log(msg.content.toString());
  });
}

setup();
open();
