import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { include: ['scripts/update-fixtures.ts'], reporters: ['default'] } });
