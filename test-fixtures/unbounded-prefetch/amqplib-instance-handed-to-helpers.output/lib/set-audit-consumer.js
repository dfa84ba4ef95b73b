'use strict';

module.exports = async (conn, ch, rabQ) => {
  const audit = await conn.createChannel();
  audit.prefetch(rabQ.auditPrefetch);
  // rabbitmq4-codemod(unbounded-prefetch): call prefetch(N) on the channel before consume, with N
  // the number of messages the handler may work on at once (10 to 100 is typical)
  await audit.consume('audit', (msg) => {
    rabQ.audit(msg).then(() => audit.ack(msg));
  });
  return [conn, ch];
};
