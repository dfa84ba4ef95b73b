const { connect } = require('amqplib');

let connection;

const getConnection = async () => {
  if (!connection) {
    connection = await connect(process.env.AMQP_URL).catch((err) => {
      console.error(err);
      process.exit(1);
    });
  }
  return connection;
};

const getChannel = async () => {
  const conn = await getConnection();
  return conn.createChannel();
};

module.exports = { getChannel };
