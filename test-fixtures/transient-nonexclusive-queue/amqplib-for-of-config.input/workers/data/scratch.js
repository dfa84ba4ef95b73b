module.exports = [
  { queue: 'scratch.a', options: { durable: false } },
  { queue: 'scratch.b', options: { durable: false } },
];
