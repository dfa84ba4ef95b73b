#!/usr/bin/env node
// A command line tool: a flag's declared default is what a run without the flag declares. `--durable` defaults to
// false, so a plain run declares a transient queue (refused); the value is the flag's, so it is annotated, not
// rewritten. `--persistent` has no default (undefined: amqplib's durable default, true), and `--no-exclusive`
// defaults to true: both legal.
const { program } = require('commander');
const amqp = require('amqplib');

program
  .option('-q, --queue <name>', 'queue to fill', 'load-test')
  .option('-d, --durable', 'declare the queue durable', false)
  .option('-p, --persistent', 'declare the audit queue durable')
  .option('--no-exclusive', 'share the reply queue with other connections')
  .parse(process.argv);

const opts = program.opts();

async function main() {
  const conn = await amqp.connect(process.env.AMQP_URL || 'amqp://localhost');
  const ch = await conn.createChannel();
  // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
  // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
  // connection uses it (not rewritten: it is the default of the command line option -d, --durable
  // (a run that passes the flag decides otherwise): change the option's default or what the code
  // does with it)
  await ch.assertQueue(opts.queue, { durable: opts.durable });
  const { persistent } = program.opts();
  await ch.assertQueue('audit', { durable: persistent });
  await ch.assertQueue('replies', { durable: false, exclusive: opts.exclusive });
  await conn.close();
}

main();
