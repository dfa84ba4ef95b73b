const rhea = require('rhea');

const connection = rhea.connect({ host: 'localhost', port: 5672 });
connection.open_receiver('/queues/orders');
