const Kafka = require('node-rdkafka');

const consumer = new Kafka.KafkaConsumer({ 'group.id': 'orders', 'metadata.broker.list': 'localhost:9092' }, {});
consumer.connect();
consumer.on('ready', () => {
  consumer.subscribe(['orders']);
  consumer.consume(10, (err, messages) => console.log(messages.length));
});
