// The bus's settings: the AMQP driver module can be swapped, amqplib unless the environment names another.
module.exports = {
  url: process.env.AMQP_URL || 'amqp://localhost',
  driver: process.env.AMQP_DRIVER || 'amqplib',
};
