import { api } from '@enclave/protocol';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { createAppRouter } from '../router.tsx';
import { aMember, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { ABILITY_READS, FIRST_READS, PAGES, type Read, VERIFIED_MEMBER_READS } from './pages.ts';

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
 * The addresses the loaders of `pattern` (an `$id` as 5) ask for before anything renders, queries included: the
 * browser hands a preloaded answer only to the very same address.
 */
async function readsOfLoaders(pattern: string, session: Parameters<typeof mockApi>[0][string]): Promise<string[]> {
  const fetchMock = mockApi({ 'GET /api/user': session });
  const path = pattern.replace('$id', '5');
  const router = createAppRouter(createQueryClient(), { history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(0));
  // The member's reads follow the session's answer.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return fetchMock.mock.calls.map(([input]) => String(input)).sort();
}

/** The addresses the server preloads for these reads (server/src/http/spa.ts), an `$id` as 5. */
const addresses = (reads: readonly Read[]) =>
  reads
    .map((read) => {
      if (typeof read === 'string') return api[read].url.replace(':id', '5');
      const query = Object.entries(read.query).map(([key, value]) => `${key}=${value === '$id' ? '5' : value}`);
      return `${api[read.read].url}?${query.join('&')}`;
    })
    .sort();

/** The server preloads reads.json's addresses from the page's HTML: a read the loaders ask for differently is read twice. */
describe("the reads each page's loaders start, which its HTML preloads", () => {
  it.each(Object.keys(PAGES) as (keyof typeof PAGES)[])(
    '%s, for a visitor, a verified member, an unverified one, a moderator and an admin',
    async (pattern) => {
      expect(await readsOfLoaders(pattern, signedOut)).toEqual(addresses(FIRST_READS[pattern]));
      expect(await readsOfLoaders(pattern, json(aMember()))).toEqual(
        addresses([...FIRST_READS[pattern], ...VERIFIED_MEMBER_READS]),
      );
      expect(await readsOfLoaders(pattern, json(aMember({ isEmailVerified: false })))).toEqual(
        addresses(FIRST_READS[pattern]),
      );
      for (const staff of [aMember({ isModerator: true }), aMember({ isAdmin: true })]) {
        const granted = Object.entries(ABILITY_READS[pattern] ?? {}).flatMap(([ability, reads]) =>
          staff.abilities[ability as keyof typeof staff.abilities] ? reads : [],
        );
        expect(await readsOfLoaders(pattern, json(staff))).toEqual(
          addresses([...FIRST_READS[pattern], ...VERIFIED_MEMBER_READS, ...granted]),
        );
      }
    },
  );
});
