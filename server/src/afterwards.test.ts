import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAfterwards } from './afterwards.ts';

describe('work after the answer', () => {
  it('is waited for at close, and a stuck job holds the close only so long, named in the log', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    registerAfterwards(app, { closeWaitMs: 200 });
    let finished = false;
    app.afterwards('finishes', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      finished = true;
    });
    app.afterwards('a fan-out stuck on a dead peer', () => new Promise(() => undefined));
    await app.close();
    expect(finished).toBe(true);
    const warning = JSON.parse(lines.find((line) => line.includes('still under way')) ?? '{}');
    expect(warning.stillRunning).toEqual(['a fan-out stuck on a dead peer']);
  });
});
