import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { isolatedDatabase } from './test/app.ts';
import { startServerProcess } from './test/server-process.ts';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

describe('server.ts', () => {
  it('stops accepting, closes sockets and the database, and exits 0 on SIGTERM within 10 s', async () => {
    const { url, child, exited } = await startServerProcess({ MONGODB_URI: isolatedDatabase().uri });
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
