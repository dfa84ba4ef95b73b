const amqp = require('amqplib/callback_api');

const connected: Promise<any> = new Promise((resolve, reject) => {
  amqp.connect('amqp://localhost', function (err: Error, conn: unknown) {
    if (err) reject(err);
    else resolve(conn);
  });
});

export const createChannel = async (): Promise<any> => {
  const connection = await connected;
  return new Promise((resolve, reject) => {
    connection.createChannel((err: Error, ch: unknown) => {
      if (err) {
        reject(err);
        return;
      }
      resolve(ch);
    });
  });
};
