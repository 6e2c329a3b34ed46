import { defineConfig } from 'vitest/config';

/** The test projects `npm test` runs (Vitest 4 declares them with `test.projects`): protocol, server, client, e2e. */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'protocol', root: './protocol', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
