// The service: consume orders and emails, audit every order.
import { consumeEmails } from './consumers/emails';
import { consumeOrders } from './consumers/orders';
import { declareReports } from './publishers/audit';

async function main(): Promise<void> {
  await declareReports();
  await consumeOrders();
  await consumeEmails(async (to, body) => console.log(`email to ${to}: ${body}`));
}

void main();
