import { Command } from 'commander';
import { consumeAction } from './consume.action';

export function buildConsumeCommand(): Command {
  const program = new Command('consume');
  program
    .argument('<queueName>')
    .option('-u, --url <url>', 'the broker', 'amqp://localhost')
    .option('--no-durable', 'make the queue transient (use with --exclusive)')
    .option('-x, --exclusive', 'only this connection uses the queue', false)
    .action((queueName: string, options: ConsumeOptions) => {
      consumeAction(queueName, options).catch((err) => {
        console.error(err);
        process.exit(1);
      });
    });
  return program;
}

type ConsumeOptions = Parameters<typeof consumeAction>[1];
