import { afterAll } from 'vitest';

const cleanups: (() => unknown)[] = [];

/**
 * Vitest ignores `afterAll` called from inside `beforeAll`, where these helpers are used, so they
 * register here instead. This module's own `afterAll` is registered when a test file first imports
 * it, and runs the cleanups in reverse order when that file ends.
 */
export function onFileEnd(cleanup: () => unknown): void {
  cleanups.push(cleanup);
}

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
