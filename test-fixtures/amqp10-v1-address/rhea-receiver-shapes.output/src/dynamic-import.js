// Loaded with `await import('./dynamic-import.js')` by connect.js, which calls declareReports(obj).
export function declareReports(connection) {
  // rabbitmq4-codemod(amqp10-v1-address): make sure the queue exists (declare it before attaching),
  // then attach to '/queues/reports'
  connection.open_receiver('/queue/reports');
}
