const jackrabbit = require('@pager/jackrabbit');

const rabbit = jackrabbit(process.env.RABBIT_URL);

rabbit.default().queue({ name: 'billing', arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-exchange': 'billing.dlx' } });
