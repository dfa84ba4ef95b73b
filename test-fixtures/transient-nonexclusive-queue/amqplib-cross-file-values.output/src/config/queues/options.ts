const BASE = { messageTtl: 60_000 } as const;

export const JOB_OPTIONS = { ...BASE, durable: true } as const;

export default {
  durable: true,
  autoDelete: true,
};
