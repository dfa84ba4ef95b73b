export const TYPES = { RabbitMqService: Symbol.for('RabbitMqService') };
