// Loaded with `await import('./dynamic-import.js')` by connect.js, which calls declareReports(obj).
export function declareReports(connection) {
  connection.queueDeclare({ queue: 'reports', durable: false });
}
