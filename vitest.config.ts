import { defineConfig } from 'vitest/config';

// Files that set up PostgreSQL processes of their own whichever engine the suite uses: they run
// in the suite's PostgreSQL pass (DATABASE_URL set: `.ci/run`'s second pass) and are left out of
// the embedded-database pass, which they would only repeat.
const POSTGRES_ONLY = [
  'tests/api/cluster.test.ts',
  'tests/api/jobs-two-processes.test.ts',
  'tests/api/chat-two-processes.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: process.env['DATABASE_URL'] ? [] : POSTGRES_ONLY,
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
