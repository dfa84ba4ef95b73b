import { ServiceBroker } from 'moleculer';

export const broker = new ServiceBroker({
  transporter: {
    type: 'AMQP',
    options: {
      url: 'amqp://localhost',
      // rabbitmq4-codemod(stream-queue-invalid-property): remove x-queue-type from the
      // transporter's queueOptions: its heartbeat, discover, info and ping queues are auto-delete,
      // which quorum queues and streams cannot be (not rewritten: moleculer makes some of its
      // queues auto-delete by design; moleculer sets x-expires itself from its autoDeleteQueues
      // option)
      // rabbitmq4-codemod(queue-argument-not-supported): set autoDeleteQueues: false in the
      // transporter's options (it gives its event, request and response queues x-expires from it, 2
      // minutes when left out), or remove x-queue-type from its queueOptions (not rewritten:
      // moleculer makes some of its queues auto-delete by design; moleculer sets x-expires itself
      // from its autoDeleteQueues option)
      queueOptions: { arguments: { 'x-queue-type': 'stream' } },
    },
  },
});
