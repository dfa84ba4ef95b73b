import Adapter from './adapter';

// The service bounds its consumer: setPrefetch on the adapter first, then subscribe on the same adapter.
export class Service {
  constructor(url, queueOptions = {}) {
    this.url = url;
    this.queueOptions = queueOptions;
  }

  async start() {
    const adapter = await Adapter.connect(this.url);
    const { prefetch = 1 } = this.queueOptions;
    await adapter.setPrefetch(prefetch);
    await adapter.subscribe('rpc-requests', { noAck: false }, (body) => this.handle(body));
  }

  async handle(body) {
    return body;
  }
}
