import * as rhea from 'rhea';

const container = rhea.create_container();
const connection = container.connect({ host: 'localhost', port: 5672 });

export function links() {
  const orders = connection.open_receiver('/queues/orders');
  const created = connection.open_sender({ target: { address: '/exchanges/events/order.created' } });
  const alerts = connection.open_sender('/exchanges/amq.topic/alerts.high%20priority');
  // rabbitmq4-codemod(amqp10-v1-address): make sure the queue exists (declare it before attaching),
  // then attach to '/queues/audit'
  const audit = connection.open_sender('/queue/audit');
  // rabbitmq4-codemod(amqp10-v1-address): v2 addresses cannot consume from an exchange: declare a
  // queue, bind it to the exchange (over AMQP 0-9-1 or the AMQP 1.0 management API), and attach the
  // receiver to /queues/<queue>
  const watch = connection.open_receiver({ source: '/topic/order.*' });
  return { orders, created, alerts, audit, watch };
}
