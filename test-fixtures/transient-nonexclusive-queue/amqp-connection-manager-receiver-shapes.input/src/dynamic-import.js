// Loaded with `await import('./dynamic-import.js')` by connect.js, which calls declareReports(obj).
export function declareReports(wrapper) {
  wrapper.assertQueue('reports', { durable: false });
}
