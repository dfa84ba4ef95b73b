// Other libraries' queue, process and subscribe calls: never a RabbitMQ finding.
const Queue = require('bull');
const { Kafka } = require('kafkajs');
const { Server } = require('socket.io');

const emails = new Queue('emails', 'redis://127.0.0.1:6379');
emails.process(async (job) => job.data);

async function kafka() {
  const consumer = new Kafka({ brokers: ['localhost:9092'] }).consumer({ groupId: 'g' });
  await consumer.subscribe({ topic: 'orders', fromBeginning: true });
}

const io = new Server();
io.on('connection', (socket) => socket.on('subscribe', (room) => socket.join(room)));

// A generic queue() helper of the project's own.
function queue(name, options) {
  return { name, ...options, items: [] };
}
const jobs = queue('jobs', { autoDelete: false });
const pending = [];
pending.queue = (name, cb) => cb(name);
pending.queue('later', () => {});

module.exports = { emails, kafka, io, jobs };
