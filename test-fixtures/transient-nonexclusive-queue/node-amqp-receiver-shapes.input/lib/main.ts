import { NestFactory } from '@nestjs/core';
import { ConnectionsModule, CONNECTIONS } from './di-map';

async function bootstrap() {
  const app = await NestFactory.createApplicationContext(ConnectionsModule);
  for (const [name, connection] of app.get(CONNECTIONS)) {
    connection.queue(name, { autoDelete: false }, (q: any) => q.subscribe({ ack: false }, (message: unknown) => console.log(message)));
  }
}

bootstrap();
