import { api } from '@enclave/protocol';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { createAppRouter } from '../router.tsx';
import { aMember, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { FIRST_READS, PAGES, VERIFIED_MEMBER_READS } from './pages.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the page of each path', () => {
  it('names every path of the route table, and only those', () => {
    const paths = Object.keys(createAppRouter(createQueryClient()).routesByPath).filter((path) => path !== '__root__');
    expect(Object.keys(PAGES).sort()).toEqual(paths.sort());
  });
});

/**
 * The addresses the loaders of `pattern` (an `$id` as 5) ask for before anything renders, but for those with a query
 * (a category's threads): the server preloads only the api table's addresses with record ids from the path.
 */
async function readsOfLoaders(pattern: string, session: Parameters<typeof mockApi>[0][string]): Promise<string[]> {
  const fetchMock = mockApi({ 'GET /api/user': session });
  const path = pattern.replace('$id', '5');
  const router = createAppRouter(createQueryClient(), { history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(0));
  // The member's reads follow the session's answer.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((address) => !address.includes('?'))
    .sort();
}

const addresses = (names: readonly (keyof typeof api)[]) =>
  names.map((name) => api[name].url.replace(':id', '5')).sort();

/** The server preloads reads.json's addresses from the page's HTML: a read the loaders ask for differently is read twice. */
describe("the reads each page's loaders start, which its HTML preloads", () => {
  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])(
    '%s, for a visitor, a verified member and an unverified one',
    async (pattern) => {
      expect(await readsOfLoaders(pattern, signedOut)).toEqual(addresses(FIRST_READS[pattern]));
      expect(await readsOfLoaders(pattern, json(aMember()))).toEqual(
        addresses([...FIRST_READS[pattern], ...VERIFIED_MEMBER_READS]),
      );
      expect(await readsOfLoaders(pattern, json(aMember({ isEmailVerified: false })))).toEqual(
        addresses(FIRST_READS[pattern]),
      );
    },
  );
});
