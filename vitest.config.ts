import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/setup/server.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One shared server: files run in parallel against it, each with its own members.
          fileParallelism: true,
        },
      },
    ],
  },
});
