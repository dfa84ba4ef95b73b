"use strict";

module.exports = {
  namespace: "",
  nodeID: null,
  transporter: {
    type: "AMQP",
    options: {
      url: "amqp://localhost:5672",
      queueOptions: {
        durable: false
      }
    }
  },
  requestTimeout: 10 * 1000
};
