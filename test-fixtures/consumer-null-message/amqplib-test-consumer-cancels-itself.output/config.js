module.exports = { rabbit: { url: process.env.RABBIT_URI, serviceName: process.env.RABBIT_SERVICE_NAME || 'app_eth' } };
