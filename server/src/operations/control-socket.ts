import { chmod, mkdir, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type CommandInput, type CommandResult, controlSocketPath } from './command-line.ts';
import { runCommand } from './commands.ts';

/** One command sent to a running server: its line and input, as JSON; the answer is a CommandResult. */
export interface ControlRequest extends CommandInput {
  argv: string[];
}

/** Whether a server answers on the socket now (a file left by a crashed server does not). */
export function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path, () => {
      probe.end();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}

/**
 * A running server takes admin commands on a Unix socket in its DATA_DIR (only its own user may open it): the
 * command then runs inside the process, through its services and events, and every other process hears of it as
 * of any write (over Redis with REDIS_URL). One JSON message each way.
 */
export async function openControlSocket(app: FastifyInstance): Promise<void> {
  const path = controlSocketPath(app.config.DATA_DIR);
  if (await answers(path)) {
    // Another process on this DATA_DIR takes the commands; they reach this one as its writes do.
    app.log.warn({ path }, 'admin commands go to the other server process on this data directory');
    return;
  }
  await mkdir(app.config.DATA_DIR, { recursive: true });
  await rm(path, { force: true });
  const server: Server = createServer({ allowHalfOpen: true }, (connection) => {
    let received = '';
    connection.on('data', (chunk) => {
      received += chunk.toString();
    });
    connection.on('end', () => {
      void (async () => {
        let result: CommandResult;
        try {
          const request = JSON.parse(received) as ControlRequest;
          result = await runCommand(app, request.argv, { password: request.password });
        } catch (error) {
          result = { code: 1, out: [], err: [`bad request on the admin socket: ${(error as Error).message}`] };
        }
        connection.end(`${JSON.stringify(result)}\n`);
      })();
    });
    connection.on('error', (err) => app.log.warn({ err }, 'admin socket connection failed'));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ path }, () => resolve());
    });
    await chmod(path, 0o600);
  } catch (err) {
    // The server serves without it; admin commands then run on the database themselves.
    app.log.warn({ err, path }, 'admin commands socket not opened');
    return;
  }
  app.addHook('onClose', async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(path, { force: true });
  });
}
