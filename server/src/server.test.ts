import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { isolatedDatabase } from './test/app.ts';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

describe('server.ts', () => {
  it('stops accepting, closes sockets and the database, and exits 0 on SIGTERM within 10 s', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info', MONGODB_URI: isolatedDatabase().uri },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`server exited early:\n${output}`)));
    });
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);

    const socket = connect(url, { transports: ['websocket'], reconnection: false });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));

    const started = Date.now();
    child.kill('SIGTERM');
    await disconnected;
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('refuses to start on a wrong setting, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT/);
  });
});
