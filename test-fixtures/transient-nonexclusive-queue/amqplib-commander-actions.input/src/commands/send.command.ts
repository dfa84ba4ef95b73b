import { Command } from 'commander';
import { sendAction } from './send.action';

export function buildSendCommand(): Command {
  const program = new Command('send');
  program
    .arguments('<queueName>')
    .option('-u, --url <url>', 'the broker', 'amqp://localhost')
    .option('-a, --assert', 'assert the queue first', false)
    .option('-d, --durable', 'make the queue durable', false)
    .action(sendAction);
  return program;
}
