"use strict";

module.exports = {
  namespace: "",
  nodeID: null,
  transporter: {
    type: "AMQP",
    options: {
      url: "amqp://localhost:5672"
    }
  },
  requestTimeout: 10 * 1000
};
