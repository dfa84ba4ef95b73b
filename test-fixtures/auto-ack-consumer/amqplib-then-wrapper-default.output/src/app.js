const { subscribe } = require('./rabbit');

subscribe('emails', (ch, msg) => console.log(msg.content.toString()));
subscribe('sms', (ch, msg) => console.log(msg.content.toString()));
subscribe('invoices', (ch, msg) => {
  console.log(msg.content.toString());
  ch.ack(msg);
}, { noAck: false, prefetch: 10 });
