import { createConnection } from 'node:net';
import password from '@inquirer/password';
import { dataDirOf, loadEnv } from '../config.ts';
import {
  type CommandInput,
  type CommandResult,
  controlSocketPath,
  parseCommand,
  UsageError,
  usage,
} from './command-line.ts';
import type { ControlRequest } from './control-socket.ts';

/**
 * `npm run admin -- <command>` (in the production image: `node --import tsx server/src/operations/cli.ts <command>`).
 * A server running on this DATA_DIR runs the command itself; with none, the command builds the app on the
 * configured database, runs, and stops it. Either way it goes through the app's services and events.
 */
async function main(argv: string[]): Promise<CommandResult> {
  let asksPassword: boolean;
  try {
    ({ asksPassword } = parseCommand(argv));
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, out: [], err: [error.message, usage()] };
    throw error;
  }
  const input: CommandInput = {};
  // At a terminal the password is asked (twice); otherwise one is generated and printed once.
  if (asksPassword && process.stdin.isTTY) {
    input.password = await password({ message: 'Password:', mask: true });
    if ((await password({ message: 'Again:', mask: true })) !== input.password) {
      return { code: 2, out: [], err: ['the passwords do not match'] };
    }
  }
  const env = loadEnv();
  const answered = await sendToServer(controlSocketPath(dataDirOf(env)), { argv, ...input });
  if (answered) return answered;
  // No server here: the whole app, on the configured database, for this one command.
  const [{ openProduct }, { runCommand }] = await Promise.all([import('../server.ts'), import('./commands.ts')]);
  const { app, database } = await openProduct({ ...env, LOG_LEVEL: 'warn' });
  try {
    await app.ready();
    return await runCommand(app, argv, input);
  } finally {
    await app.close();
    await database.stop();
  }
}

/** Sends a command to the server listening on `path`; null when none is. */
function sendToServer(path: string, request: ControlRequest): Promise<CommandResult | null> {
  return new Promise((resolve, reject) => {
    let answer = '';
    let connected = false;
    const connection = createConnection(path, () => {
      connected = true;
      connection.end(JSON.stringify(request));
    });
    connection.on('data', (chunk) => {
      answer += chunk.toString();
    });
    connection.on('end', () => resolve(JSON.parse(answer) as CommandResult));
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
  });
}

main(process.argv.slice(2)).then(
  ({ code, out, err }) => {
    for (const line of out) process.stdout.write(`${line}\n`);
    for (const line of err) process.stderr.write(`${line}\n`);
    process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
