import * as rhea from 'rhea';

const container = rhea.create_container();
const connection = container.connect({ host: 'localhost', port: 5672 });

export function links() {
  const orders = connection.open_receiver('/amq/queue/orders');
  const created = connection.open_sender({ target: { address: '/exchange/events/order.created' } });
  const alerts = connection.open_sender('/topic/alerts.high priority');
  const audit = connection.open_sender('/queue/audit');
  const watch = connection.open_receiver({ source: '/topic/order.*' });
  return { orders, created, alerts, audit, watch };
}
