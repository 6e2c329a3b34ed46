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
      './client/vite.config.ts',
      {
        test: {
          name: 'e2e',
          root: './client',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['../server/src/test/global-setup.ts', './e2e/global-setup.ts'],
          // After the other projects, one Chromium at a time: these machines have two cores.
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
