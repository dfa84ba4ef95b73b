// A module-level variable a callback sets: the wrapper the other functions use.
let wrapper;

function remember(value) {
  wrapper = value;
}

function declareAudit() {
  wrapper.assertQueue('audit', { durable: false });
}

module.exports = { remember, declareAudit };
