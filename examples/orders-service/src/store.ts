// Where orders are kept (a stand-in for the service's database).
const orders = new Map<string, unknown>();

export async function saveOrder(order: { id: string }): Promise<void> {
  orders.set(order.id, order);
}
