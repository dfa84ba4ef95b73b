exports.declareRetry = async function (ch, name, durable) {
  await ch.assertQueue(`${name}.retry`, { durable });
};
