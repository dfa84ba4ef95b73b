// A helper handed its wrapper by a caller that got it from code the project does not show.
function declareBounces(wrapper) {
  wrapper.assertQueue('bounces', { durable: true });
  // Legal with the client's defaults.
  wrapper.assertQueue('bounces.archive');
}

module.exports = { declareBounces };
