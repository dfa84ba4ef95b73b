import { defineConfig } from 'vitest/config';

// No time limit (see vitest.config.ts).
export default defineConfig({ test: { include: ['scripts/update-fixtures.ts'], reporters: ['default'], testTimeout: 0, hookTimeout: 0 } });
