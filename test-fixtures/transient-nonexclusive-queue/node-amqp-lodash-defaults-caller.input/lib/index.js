// The library's entry: its scratch worker asks for a transient queue, which RabbitMQ 4.3 refuses to declare.
var amqp = require( 'amqp' );
var exchange = require( './exchange' );

module.exports.start = function start( handler ) {
  var connection = amqp.createConnection( { host: 'localhost' } );
  connection.on( 'ready', function() {
    exchange.subscribe( connection, 'jobs', undefined, handler );
    exchange.subscribe( connection, 'scratch', { durable: false }, handler );
  });
  return connection;
};
