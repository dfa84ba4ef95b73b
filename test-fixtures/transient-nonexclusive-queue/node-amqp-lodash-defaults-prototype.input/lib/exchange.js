// An exchange whose subscribe() binds a queue with the options a caller may pass after the handler (read from
// `arguments`), filled in with the library's defaults: a caller that passes (pattern, handler) gets a durable queue.
var amqp = require( 'amqp' );

function Exchange( name ) {
  this.name = name;
  this.connection = amqp.createConnection( { host: 'localhost' } );
}

Object.defineProperties( Exchange.prototype, {
  subscribe: {
    value: function subscribe( pattern, handler ) {
      var _queue = [ 'exchange', this.name ].join( '.' );
      var _options = module.exports.utility.defaults( 'object' === typeof ( arguments[2] || arguments[1] ) ? arguments[1] || arguments[2] : {}, {
        "autoDelete": true,
        "durable": true,
        "exclusive": false
      });

      this.connection.queue( _queue, _options, function( queue ) {
        queue.bind( 'events', pattern );
      });
      return this;
    },
    enumerable: true,
    configurable: true,
    writable: true
  }
});

Object.defineProperties( module.exports = Exchange, {
  utility: {
    value: require( './utility' ),
    enumerable: false,
    writable: false
  }
});
