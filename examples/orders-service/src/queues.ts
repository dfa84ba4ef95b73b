// The queues the service declares, and their options.
export const ORDERS_QUEUE = 'orders';
export const EMAILS_QUEUE = 'emails';
export const AUDIT_QUEUE = 'audit';

export const ORDERS_OPTIONS = {
  durable: true,
  arguments: { 'x-queue-type': 'quorum', 'x-dead-letter-exchange': 'orders.dlx' },
};

// Emails are sent again if lost: nobody thought they needed to survive a restart.
export const EMAILS_OPTIONS = { durable: false };
