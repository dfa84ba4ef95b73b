'use strict';

module.exports = async (conn, ch, rabQ) => {
  const audit = await conn.createChannel();
  audit.prefetch(rabQ.auditPrefetch);
  await audit.consume('audit', (msg) => {
    rabQ.audit(msg).then(() => audit.ack(msg));
  });
  return [conn, ch];
};
