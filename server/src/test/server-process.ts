import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { SERVER_BUNDLE } from '../production-build.ts';
import { onFileEnd } from './cleanup.ts';

/** How production starts the server: its bundle (built by the global setup), with stack traces in the sources. */
export const SERVER_ARGS = ['--enable-source-maps', SERVER_BUNDLE];

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it has printed so far. */
  output(): string;
}

/** The server as its own process (as production runs it), answering once it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  onFileEnd(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', () => reject(new Error(`server exited early:\n${output}`)));
  });
  return { url, child, exited, output: () => output };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Debian's redis-server on a free loopback port, stopped when the file ends. */
export async function startRedis(): Promise<string> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  onFileEnd(async () => {
    child.kill('SIGTERM');
    await exited;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', () => reject(new Error('redis-server exited during start-up')));
  });
  return `redis://127.0.0.1:${port}`;
}
