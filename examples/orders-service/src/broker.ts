// The service's one amqplib connection: each consumer opens its own channel on it.
import amqp from 'amqplib';

let connection: Promise<amqp.ChannelModel> | undefined;

export function connect(): Promise<amqp.ChannelModel> {
  connection ??= amqp.connect(process.env.AMQP_URL ?? 'amqp://localhost');
  return connection;
}
