import Connection from 'rabbitmq-client';

declare function sendEmail(body: unknown): Promise<void>;
declare function sendSms(body: unknown): Promise<void>;

export function startWorkers(rabbit: Connection) {
  const emails = rabbit.createConsumer({
    queue: 'emails',
    qos: { prefetchCount: 10 },
    queueOptions: { durable: true },
  }, async (msg) => {
    await sendEmail(msg.body);
  });

  const sms = rabbit.createConsumer({
    queue: 'sms',
    queueOptions: { autoDelete: true, durable: true },
    qos: { prefetchCount: 10 },
  }, async (msg) => {
    await sendSms(msg.body);
  });

  const publisher = rabbit.createPublisher({
    confirm: true,
    queues: [{ queue: 'emails', durable: true }, { queue: 'sms', autoDelete: true, durable: true }, { queue: 'reports', durable: true }],
  });

  return { emails, sms, publisher };
}
