// Built by the container (src/container.js): the broker is injected by name, not imported.
class ProducerService {
  constructor({ messageBroker }) {
    this._messageBroker = messageBroker;
  }

  async sendMessage(queue, payload) {
    await this._messageBroker.sendMessage(queue, payload);
  }
}

module.exports = ProducerService;
