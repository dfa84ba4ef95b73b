// Loaded with `await import('./dynamic-import.js')` by connect.js, which calls declareReports(obj).
export function declareReports(channel) {
  channel.queueDeclare('reports', { durable: false });
}
