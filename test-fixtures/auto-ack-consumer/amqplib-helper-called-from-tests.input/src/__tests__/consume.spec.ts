import { describe, expect, it, vi } from 'vitest';
import { consumeFrom } from '../consume';

describe('consumeFrom', () => {
  it('passes the options through', async () => {
    const ch = { consume: vi.fn() };
    await consumeFrom(ch as never, 'sample-queue', vi.fn(), { noAck: true });
    expect(ch.consume).toHaveBeenCalledWith('sample-queue', expect.any(Function), { noAck: true });
  });
});
