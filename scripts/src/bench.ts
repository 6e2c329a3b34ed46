/**
 * `npm run bench`: the realtime bench (realtime-bench.ts). `npm run bench -- --members [--sizes S,M,L]`:
 * member reads at scale, issue #14's table (members-bench.ts). `npm run bench -- --lighthouse [--runs N]`: Lighthouse
 * on the first pages, and the JS per route (lighthouse-bench.ts). `npm run bench -- --fan-out [--fan-out-seconds N]`: a
 * busy thread's notifications (bench/fan-out.ts). Each prints its table and exits.
 */
import { argv } from 'node:process';

if (argv.includes('--members')) await import('./members-bench.ts');
else if (argv.includes('--lighthouse')) await import('./lighthouse-bench.ts');
else if (argv.includes('--fan-out')) await import('./bench/fan-out.ts');
else await import('./realtime-bench.ts');
