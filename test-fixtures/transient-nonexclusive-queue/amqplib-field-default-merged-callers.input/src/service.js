// A service whose queue options merge the caller's over its own default ({ durable: true }).
const Adapter = require('./adapter');

class RpcService {
  _queueOptions = { durable: true };

  constructor({ name, queue }) {
    this._name = name;
    this._queueOptions = { ...this._queueOptions, ...queue };
    this._adapter = new Adapter();
  }

  async start(url) {
    await this._adapter.connect(url);
    await this._adapter.ensureQueue({ name: this._name, ...this._queueOptions });
  }
}

module.exports = RpcService;
