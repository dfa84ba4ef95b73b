// The connection is opened here and handed to the setup functions: through .bind, a closure, a generator, a caller.
const amqp = require('amqplib/callback_api');
const { onChannel } = require('./callback-param');
const { remember, declareAudit } = require('./closure');
const { Ledger } = require('./generator');
const { declareRefunds } = require('./handed-in');

function start(url) {
  return new Promise((resolve, reject) => {
    amqp.connect(url, (err, conn) => {
      if (err) return reject(err);
      // The channel reaches onChannel(resolve, err, ch) as its third parameter, through .bind(undefined, resolve).
      conn.createChannel(onChannel.bind(undefined, resolve));
      conn.createChannel(async (err2, ch) => {
        remember(ch);
        declareAudit();
        new Ledger(ch).open();
        // A module loaded when needed: its function is called with the channel.
        const { declareReports } = await import('./dynamic-import.js');
        declareReports(ch);
      });
    });
  });
}

// A channel made by code the project does not show (a plugin host's): declareRefunds gets it from this caller.
function late(channelFromElsewhere) {
  declareRefunds(channelFromElsewhere);
}

module.exports = { start, late };
