import { buildClientIfNeeded } from '@enclave/scripts/client-build.ts';

/** The browser tests run against the built client, served by the real server. */
export default function setup() {
  buildClientIfNeeded();
}
