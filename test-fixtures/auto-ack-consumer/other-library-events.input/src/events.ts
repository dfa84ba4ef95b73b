import { EventEmitter } from 'node:events';

class Queue extends EventEmitter {
  publish(exchange: string, key: string, body: Buffer) {
    this.emit('message', exchange, key, body);
  }
  consume(name: string, handler: (body: Buffer) => void) {
    this.on(name, handler);
  }
}

const queue = new Queue();
queue.consume('orders', (body) => console.log(body.toString()));
queue.publish('events', 'orders.created', Buffer.from('x'));
