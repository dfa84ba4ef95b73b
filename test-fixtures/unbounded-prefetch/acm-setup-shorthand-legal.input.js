// amqp-connection-manager's setup given by name (`{ setup }`) sets the prefetch; a later addSetup consumes on the
// same wrapper, so on the same channel.
const amqp = require('amqp-connection-manager');

const connection = amqp.connect([process.env.AMQP_URL]);

const setup = (channel) => Promise.all([channel.checkQueue('builds'), channel.prefetch(20)]);
const channelWrapper = connection.createChannel({ setup });

channelWrapper.addSetup((channel) =>
  channel.consume('builds', (data) => {
    if (!data) return;
    console.log(JSON.parse(data.content.toString()));
    channel.ack(data);
  }),
);
