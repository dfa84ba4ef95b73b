// Loaded with `await import('./dynamic-import.js')` by connect.js, which calls declareReports(connection).
export function declareReports(connection) {
  connection.queue('reports', { exclusive: false, durable: true });
}
