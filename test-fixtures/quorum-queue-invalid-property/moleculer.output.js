const { ServiceBroker } = require('moleculer');

module.exports = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost',
      // rabbitmq4-codemod(quorum-queue-invalid-property): remove x-queue-type from the
      // transporter's queueOptions: its heartbeat, discover, info and ping queues are auto-delete,
      // which quorum queues and streams cannot be (not rewritten: moleculer makes some of its
      // queues auto-delete by design)
      queueOptions: {
        arguments: { 'x-queue-type': 'quorum' },
      },
    },
  },
});
