// The library's entry: connects and subscribes its own workers with the default queue options.
var amqp = require( 'amqp' );
var exchange = require( './exchange' );

module.exports.start = function start( handler ) {
  var connection = amqp.createConnection( { host: 'localhost' } );
  connection.on( 'ready', function() {
    exchange.subscribe( connection, 'jobs', undefined, handler );
  });
  return connection;
};

module.exports.subscribe = exchange.subscribe;
