import { join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * The admin commands' command lines, apart from what runs them: the command-line tool checks a line (and asks a
 * password) before it loads the app, which only a command run without a server needs.
 */

/** A command line that names no command, a missing or unknown argument, or a member who does not exist: exit 2. */
export class UsageError extends Error {}

export const ROLES = ['admin', 'moderator', 'member'] as const;
export type Role = (typeof ROLES)[number];

interface CommandLine {
  usage: string;
  /** Whether the command takes a password, asked at the terminal (else generated and printed once). */
  asksPassword?: boolean;
  options?: Record<string, { type: 'string' }>;
}

export const COMMAND_LINES = {
  'create-admin': {
    usage: 'create-admin --username NAME --email ADDRESS',
    asksPassword: true,
    options: { username: { type: 'string' }, email: { type: 'string' } },
  },
  'set-role': { usage: `set-role NAME ${ROLES.join('|')}` },
  ban: { usage: 'ban NAME' },
  unban: { usage: 'unban NAME' },
  'reset-password': { usage: 'reset-password NAME' },
  'reset-factors': { usage: 'reset-factors NAME' },
  reload: { usage: 'reload' },
  backup: { usage: 'backup' },
  restore: { usage: 'restore FILE' },
} satisfies Record<string, CommandLine>;
export type CommandName = keyof typeof COMMAND_LINES;

export interface ParsedCommand {
  name: CommandName;
  asksPassword: boolean;
  positionals: string[];
  values: Record<string, string | undefined>;
}

export const usage = () =>
  ['usage: npm run admin -- <command>', ...Object.values(COMMAND_LINES).map((line) => `  ${line.usage}`)].join('\n');

/** The command a command line names, its options checked; a wrong line is a UsageError. */
export function parseCommand(argv: string[]): ParsedCommand {
  const [name, ...rest] = argv;
  if (!name) throw new UsageError('no command given');
  if (!Object.hasOwn(COMMAND_LINES, name)) throw new UsageError(`unknown command: ${name}`);
  const line: CommandLine = COMMAND_LINES[name as CommandName];
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: line.options ?? {},
      allowPositionals: true,
      strict: true,
    });
    return {
      name: name as CommandName,
      asksPassword: line.asksPassword === true,
      values: values as ParsedCommand['values'],
      positionals,
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The Unix socket a running server takes admin commands on, in its DATA_DIR. */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');

/** What a command needs besides its line: a password typed at the operator's terminal, if any. */
export interface CommandInput {
  password?: string;
}

export interface CommandResult {
  code: 0 | 1 | 2;
  out: string[];
  err: string[];
}
