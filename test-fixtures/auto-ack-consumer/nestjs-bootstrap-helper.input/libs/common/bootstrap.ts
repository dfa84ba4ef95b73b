// The shared bootstrap every service calls: the whole `{ transport, options }` comes from the caller, so each call
// decides what the microservice consumes, and is reported where its options are written.
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';

export async function bootstrapMicroservice(module: unknown, opts: MicroserviceOptions) {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module as never, opts);
  await app.listen();
}

export async function attachMicroservice(app: { connectMicroservice(o: MicroserviceOptions): unknown; startAllMicroservices(): Promise<unknown> }, opts: MicroserviceOptions) {
  app.connectMicroservice(opts);
  await app.startAllMicroservices();
}
