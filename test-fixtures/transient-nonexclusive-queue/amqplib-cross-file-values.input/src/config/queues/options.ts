const BASE = { messageTtl: 60_000 } as const;

export const JOB_OPTIONS = { ...BASE, durable: false } as const;

export default {
  durable: false,
  autoDelete: true,
};
