import type { Channel, ConsumeMessage } from 'amqplib';

export const handlePayment = (channel: Channel, msg: ConsumeMessage) => validate(channel, msg);

function validate(channel: Channel, msg: ConsumeMessage) {
  return charge(channel, msg);
}

function charge(channel: Channel, msg: ConsumeMessage) {
  return record(channel, msg);
}

function record(channel: Channel, msg: ConsumeMessage) {
  return settle(channel, msg);
}

function settle(channel: Channel, msg: ConsumeMessage) {
  channel.ack(msg);
}
