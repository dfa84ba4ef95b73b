'use strict';
// A library's class that hands itself to its helper modules (`setConsumer(conn, ch, queues, this)`).
const amqp = require('amqplib');
const resendMessages = require('./lib/resend-messages');
const setConsumer = require('./lib/set-consumer');
const setAuditConsumer = require('./lib/set-audit-consumer');

class RabQueue {
  constructor(opts) {
    this.maxMessages = opts.maxMessages || 10; // never 0
    this.auditPrefetch = opts.auditPrefetch; // the library user's, may be 0 or missing
    this.messagesToSend = {};
    this.ch = null;
  }

  start() {
    return amqp.connect('amqp://localhost')
      .then((conn) => conn.createConfirmChannel().then((ch) => [conn, ch]))
      .then(([conn, ch]) => { this.ch = ch; return [conn, ch]; })
      .then(([conn, ch]) => resendMessages(conn, ch, this))
      .then(([conn, ch]) => setConsumer(conn, ch, ['orders', 'invoices'], this))
      .then(([conn, ch]) => setAuditConsumer(conn, ch, this));
  }

  // The class's own publish: queues the message until the channel is open.
  publish(routingKey, content, messageId = String(Date.now())) {
    if (!this.ch) {
      this.messagesToSend[messageId] = { routingKey, content };
      return;
    }
    this.ch.publish('events', routingKey, Buffer.from(JSON.stringify(content)), { messageId }, () => {});
  }
}

module.exports = RabQueue;
