// Two helpers that hand a channel to a callback: one opens a new channel per call, one keeps a single channel.
const amqp = require('amqplib');

let conn;
let shared;

async function connection() {
  if (!conn) conn = await amqp.connect(process.env.AMQP_URL);
  return conn;
}

exports.withNewChannel = async function withNewChannel(work) {
  const c = await connection();
  const ch = await c.createChannel();
  return work(ch);
};

exports.withSharedChannel = async function withSharedChannel(work) {
  if (!shared) shared = await (await connection()).createChannel();
  return work(shared);
};
