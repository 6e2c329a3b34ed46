import { describe, expect, it } from 'vitest';
import { api as addresses } from './browser.ts';
import type { RouteContract } from './contract.ts';
import { api } from './routes.ts';

describe("the browser's routes", () => {
  it("hold every contract's method and path (and multipart flag), and no schema", () => {
    const expected = Object.fromEntries(
      Object.entries(api as Record<string, RouteContract>).map(([name, { method, url, multipart }]) => [
        name,
        multipart ? { method, url, multipart } : { method, url },
      ]),
    );
    expect(addresses).toEqual(expected);
  });
});
