import { NestFactory } from '@nestjs/core';
import { ConnectionsModule, CONNECTIONS } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(ConnectionsModule);
  for (const [name, connection] of app.get(CONNECTIONS)) {
    // rabbitmq4-codemod(auto-ack-consumer): consume with noAck: false, call ack(msg) after the
    // handler's work, and set a prefetch (e.g. prefetch(10)) on the channel before consuming
    connection.queue(name, { autoDelete: false, durable: true }, (q: any) => q.subscribe({ ack: false }, (message: unknown) => console.log(message)));
  }
}

bootstrap();
