require('module-alias/register');
const rabbit = require('@pipeline/lib/rabbitmq');

rabbit.declareQueue('events-raw');
