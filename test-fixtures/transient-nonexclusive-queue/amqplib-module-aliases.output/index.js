require('module-alias/register');
const rabbit = require('@pipeline/lib/rabbitmq');

async function main() {
  await rabbit.declareQueue('events-processed', { durable: true });
  await rabbit.declareQueue('events-debug', { durable: true });
}

main();
