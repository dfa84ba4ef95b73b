// Loaded with `await import('./dynamic-import.js')` by connect.js, which calls declareReports(channel).
export function declareReports(channel) {
  channel.assertQueue('reports', { durable: false });
}
