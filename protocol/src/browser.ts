import type { RouteAddress } from './contract.ts';
import { endpoints } from './endpoints.ts';
import type { Api } from './routes.ts';

/**
 * The package as a browser bundle resolves it (the "browser" export condition): everything index.ts exports,
 * except that `api` holds each route's address instead of its schemas. A client only needs the method and path to
 * make a call; the schemas load with the pages whose forms validate with them, not with the first page.
 */
export * from './index.ts';

export const api: { [Name in keyof Api]: RouteAddress<Api[Name]> } = endpoints;
