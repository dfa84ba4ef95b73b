// The library's entry: its scratch worker asks for a transient queue, which RabbitMQ 4.3 refuses to declare.
var amqp = require( 'amqp' );
var exchange = require( './exchange' );

module.exports.start = function start( handler ) {
  var connection = amqp.createConnection( { host: 'localhost' } );
  connection.on( 'ready', function() {
    exchange.subscribe( connection, 'jobs', undefined, handler );
    // rabbitmq4-codemod(transient-nonexclusive-queue): declare the queue durable: true (add an
    // expires / x-expires TTL if it should disappear when idle), or exclusive: true if only this
    // connection uses it (not rewritten: the parameter `options` of subscribe() is also used for
    // other things, so changing the argument would change them too)
    exchange.subscribe( connection, 'scratch', { durable: false }, handler );
  });
  return connection;
};
