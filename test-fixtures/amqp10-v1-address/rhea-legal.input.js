const rhea = require('rhea');

const connection = rhea.create_container().connect({ host: 'localhost', port: 5672 });

exports.links = function links(queue) {
  return [
    connection.open_receiver('/queues/orders'),
    connection.open_sender({ target: { address: '/exchanges/events/order.created' } }),
    // The null address: each message carries its own `to`.
    connection.open_sender({ target: {} }),
    connection.open_receiver({ source: { dynamic: true } }),
    // An address the code does not settle is not reported.
    connection.open_receiver(queue),
  ];
};
