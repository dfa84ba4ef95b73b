module.exports = {
  queue: 'log.request.que',
  options: { prefetch: 10 },
  handler: async (content) => console.log(content),
};
