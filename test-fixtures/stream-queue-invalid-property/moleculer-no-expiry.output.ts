import { ServiceBroker } from 'moleculer';

export const broker = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost',
      autoDeleteQueues: false,
      // rabbitmq4-codemod(stream-queue-invalid-property): remove x-queue-type from the
      // transporter's queueOptions: its heartbeat, discover, info and ping queues are auto-delete,
      // which quorum queues and streams cannot be (not rewritten: moleculer makes some of its
      // queues auto-delete by design)
      queueOptions: { arguments: { 'x-queue-type': 'stream' } },
    },
  },
});
