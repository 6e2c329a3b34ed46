import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect as connectTcp, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { isolatedDatabase } from './test/app.ts';
import { SERVER_ARGS, startServerProcess } from './test/server-process.ts';

/** The processes whose command line names `text` (the embedded database is started with its data directory). */
async function processesNaming(text: string): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const named = await Promise.all(
    pids.map(async (pid) => {
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      return command.includes(text) ? [Number(pid)] : [];
    }),
  );
  return named.flat();
}

/** A developer's start: the sources through tsx, as `npm run dev` runs them. */
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

  it('answers a request under way at SIGTERM, and its kept-alive connection does not hold the exit', async () => {
    const { url, child, exited } = await startServerProcess({ MONGODB_URI: isolatedDatabase().uri });
    const { hostname, port } = new URL(url);
    const body = JSON.stringify({ username: 'nobody', password: 'wrong password' });
    const tcp = connectTcp(Number(port), hostname);
    await new Promise((resolve) => tcp.once('connect', resolve));
    let answer = '';
    tcp.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const closedByServer = new Promise((resolve) => tcp.once('close', resolve));
    // Half the body is sent: the request is under way when the signal comes.
    tcp.write(
      `POST /api/login HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    tcp.write(body.slice(10));

    await closedByServer;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    // Not 1: the 10 s deadline did not have to cut a connection left open for keep-alive.
    expect(await exited).toBe(0);
  });

  it('stops the embedded database it started when the start fails', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'enclave-failed-start-'));
    // The port is taken: the app is built on its database, then cannot listen.
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    const { MONGODB_URI: _external, ...env } = process.env;
    const child = spawn(process.execPath, SERVER_ARGS, {
      env: { ...env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // Looked for once, as the database's start is logged (the listener above has the chunk by then).
    const startedDatabase = new Promise<number[]>((resolve) => {
      const started = () => {
        if (!/database: (FerretDB|mongodb-memory-server) at/.test(output)) return;
        child.stderr.off('data', started);
        resolve(processesNaming(dataDir));
      };
      child.stderr.on('data', started);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    taken.close();

    expect(code, output).toBe(1);
    expect(output).toMatch(/EADDRINUSE/);
    expect(await startedDatabase).not.toEqual([]);
    expect(await processesNaming(dataDir)).toEqual([]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start on a wrong setting, naming the variable', async () => {
    const child = spawn(process.execPath, SERVER_ARGS, {
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

  it('in production without REDIS_URL, says first that it must be the only process; its logs are JSON', async () => {
    const { output, child, exited } = await startServerProcess({
      NODE_ENV: 'production',
      MONGODB_URI: isolatedDatabase().uri,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    // The banner follows Fastify's own 'listening' line.
    await expect.poll(output).toMatch(/Enclave on/);
    const lines = output().split('\n');
    expect(lines[0]).toMatch(/REDIS_URL is not set: this server must be the only process/);
    const banner = lines.find((line) => line.includes('Enclave on'));
    expect(JSON.parse(banner ?? '{}')).toMatchObject({
      database: 'external',
      data: expect.stringMatching(/MongoDB at/),
    });
    child.kill('SIGTERM');
    await exited;
  });

  it('at a development terminal, logs one readable line per event and names where the data lives', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'enclave-pretty-'));
    const { MONGODB_URI: _external, ...env } = process.env;
    // `script` gives the server a terminal, as a developer's shell would.
    const child = spawn('script', ['-qec', `${process.execPath} --import tsx ${serverEntry}`, '/dev/null'], {
      env: { ...env, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const banner = await new Promise<string>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n').find((candidate) => candidate.includes('Enclave on'));
        if (line) resolve(line);
      });
    });
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
    expect(banner).toMatch(
      /^\[\d\d:\d\d:\d\d\] .*INFO.*Enclave on http:\/\/127\.0\.0\.1:\d+, data in (SQLite|mongod) files in /,
    );
    expect(output).not.toMatch(/^\{"level"/m);
  });
});
