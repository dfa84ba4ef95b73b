// Loaded with `await import('./dynamic-import.js')` by connect.js, which calls declareReports(obj).
export function declareReports(exchange) {
  exchange.queue({ name: 'reports', durable: false });
}
