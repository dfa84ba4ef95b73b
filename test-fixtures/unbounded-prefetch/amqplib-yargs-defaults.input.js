#!/usr/bin/env node
// A worker command line built with yargs: an option's declared default is what a run without the flag uses. `-n`
// (alias --prefetch) defaults to 5 (safe), `--max-in-flight` to 0 (unlimited: unsafe), `--window` must be passed
// (unknown: each run decides).
const amqp = require('amqplib');
const yargs = require('yargs/yargs');
const { hideBin } = require('yargs/helpers');

const argv = yargs(hideBin(process.argv))
  .option('n', { alias: ['prefetch', 'parallel'], default: 5, type: 'number' })
  .options({
    'max-in-flight': { default: 0, type: 'number' },
    window: { demandOption: true, type: 'number' },
  })
  .parse();

const work = async (ch, msg) => {
  await new Promise((resolve) => setTimeout(resolve, 10));
  ch.ack(msg);
};

async function main() {
  const conn = await amqp.connect(process.env.AMQP_URL || 'amqp://localhost');

  const jobs = await conn.createChannel();
  await jobs.prefetch(argv.prefetch);
  await jobs.consume('jobs', (msg) => msg && work(jobs, msg));

  const bulk = await conn.createChannel();
  await bulk.prefetch(argv.maxInFlight);
  await bulk.consume('bulk', (msg) => msg && work(bulk, msg));

  const windowed = await conn.createChannel();
  await windowed.prefetch(argv.window);
  await windowed.consume('windowed', (msg) => msg && work(windowed, msg));
}

main();
