// Binds a queue for each subscriber: the caller's options filled in with the library's defaults (durable queues).
function subscribe( connection, name, options, handler ) {
  var _options = module.exports.utility.defaults( options || {}, {
    "autoDelete": true,
    "durable": true,
    "exclusive": false
  });

  connection.queue( name, _options, function( queue ) {
    queue.bind( 'events', name );
    queue.subscribe( { ack: true }, function( body, headers, info, message ) {
      handler( body );
      queue.shift();
    });
  });
}

Object.defineProperties( module.exports, {
  subscribe: {
    value: subscribe,
    enumerable: true
  },
  utility: {
    value: require( './utility' ),
    enumerable: false,
    writable: false
  }
});
