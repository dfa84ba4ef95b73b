// Other libraries' queue, process and subscribe calls in a module that imports the RabbitMQ one: never a RabbitMQ finding.
const Queue = require('bull');
const { Kafka } = require('kafkajs');
const { Server } = require('socket.io');
const mqtt = require('mqtt');
const async = require('async');
const { connect } = require('./rabbit');

// bull's queue.process, in its forms.
const emails = new Queue('emails', 'redis://127.0.0.1:6379');
emails.process(async (job) => job.data);
emails.process('digest', 5, async (job) => job.data);

// kafkajs's consumer.subscribe and run.
async function consumeOrders() {
  const consumer = new Kafka({ brokers: ['localhost:9092'] }).consumer({ groupId: 'notifications' });
  await consumer.subscribe({ topic: 'orders', fromBeginning: true });
  await consumer.run({ eachMessage: async ({ message }) => message.value });
}

// socket.io: clients subscribe to rooms.
const io = new Server();
io.on('connection', (socket) => socket.on('subscribe', (room) => socket.join(room)));

// mqtt.js's subscribe(topicObject, callback) has node-amqp's and @cloudamqp's subscribe(options, listener) shape.
const client = mqtt.connect('mqtt://localhost');
client.subscribe({ 'orders/#': { qos: 1 } }, (err) => err && console.error(err));

// async.queue(worker, concurrency), and the project's own queue() helpers.
const work = async.queue((task, done) => done(), 2);
function queue(name, options) {
  return { name, ...options, items: [] };
}
const pending = queue('pending', { autoDelete: false });
const helpers = {
  queue: (name, options) => ({ name, options }),
};
helpers.queue('later', { durable: false });

module.exports = { connect, consumeOrders, io, work, pending, emails };
