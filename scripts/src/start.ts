import { exitOnStartupError, start } from '@enclave/server/server';
import { buildClientIfNeeded } from './client-build.ts';
import { seedIfEmpty } from './seed.ts';

buildClientIfNeeded();
const app = await start({ beforeListen: seedIfEmpty }).catch(exitOnStartupError);
const address = app.server.address();
if (address && typeof address === 'object')
  process.stderr.write(`\nEnclave is running on http://localhost:${address.port}\n`);
