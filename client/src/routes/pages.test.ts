import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';
import { createAppRouter } from '../router.tsx';
import { PAGES } from './pages.ts';

describe('the page of each path', () => {
  it('names every path of the route table, and only those', () => {
    const paths = Object.keys(createAppRouter(createQueryClient()).routesByPath).filter((path) => path !== '__root__');
    expect(Object.keys(PAGES).sort()).toEqual(paths.sort());
  });
});
