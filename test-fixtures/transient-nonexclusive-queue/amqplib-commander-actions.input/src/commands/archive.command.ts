// Written inside the handler: `--durable` declared with default true (legal), `--keep` a required option (each run
// passes it: unknown), and a scratch queue declared only with `--scratch` (off by default: a run with the flag is refused).
import { Command } from 'commander';
import * as amqplib from 'amqplib';

export function buildArchiveCommand(): Command {
  return new Command('archive')
    .argument('<queueName>')
    .option('--durable', 'keep the archive across restarts', true)
    .requiredOption('--keep <bool>', 'keep the staging queue across restarts')
    .option('--scratch', 'also declare a scratch queue', false)
    .action(async (queueName: string, { durable, keep, scratch }: { durable: boolean; keep: boolean; scratch: boolean }) => {
      const connection = await amqplib.connect('amqp://localhost');
      const channel = await connection.createChannel();
      await channel.assertQueue(queueName, { durable });
      await channel.assertQueue(`${queueName}.staging`, { durable: keep });
      if (scratch) await channel.assertQueue('archive.scratch', { durable: false });
    });
}
