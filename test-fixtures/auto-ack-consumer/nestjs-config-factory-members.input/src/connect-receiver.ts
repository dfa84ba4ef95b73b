// The retry consumer takes Nest's default noAck (true): it is reported where its options are written.
import type { INestApplication } from '@nestjs/common';
import { createReceiverConfig, createRetryConfig, type ReceiverOptions } from './factories';

export async function connectReceiver(app: INestApplication, options: ReceiverOptions) {
  const receiver = createReceiverConfig(options);
  const retry = createRetryConfig(options);
  app.connectMicroservice({ transport: receiver.transport, options: receiver.options });
  app.connectMicroservice({ transport: retry.transport, options: retry.options });
  await app.startAllMicroservices();
}
