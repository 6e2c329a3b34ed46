import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { backupsDirectory, writeBackupFile } from '../admin/database/backup.ts';
import { restoreDatabase } from '../admin/database/restore.ts';
import { revokeSessions } from '../auth/service.ts';
import { AppError } from '../errors.ts';
import { resetFactors } from '../factors/service.ts';
import { logModeration, OPERATOR } from '../moderation/log.ts';
import { banMember, unbanMember } from '../moderation/sanctions.ts';
import { findMemberByName } from '../users/service.ts';
import { createAdmin, generatedPassword, resetPassword, setRole } from './accounts.ts';
import {
  type CommandInput,
  type CommandName,
  type CommandResult,
  type ParsedCommand,
  parseCommand,
  ROLES,
  type Role,
  UsageError,
  usage,
} from './command-line.ts';

type Run = (app: FastifyInstance, line: ParsedCommand, input: CommandInput) => Promise<string[]>;

const one = ({ positionals }: ParsedCommand, what: string): string => {
  const [value, ...rest] = positionals;
  if (!value || rest.length > 0) throw new UsageError(`expected one ${what}`);
  return value;
};

const none = ({ name, positionals }: ParsedCommand) => {
  if (positionals.length > 0) throw new UsageError(`${name} takes no argument`);
};

const memberNamed = (app: FastifyInstance, username: string) =>
  findMemberByName(app, username).catch(() => {
    throw new UsageError(`no member is called ${username}`);
  });

/** What each command does, through the app's services (and so its domain events). */
const RUNS: Record<CommandName, Run> = {
  async 'create-admin'(app, { values, positionals }, input) {
    const { username, email } = values;
    if (!username || !email || positionals.length > 0) throw new UsageError('--username and --email are required');
    const password = input.password ?? generatedPassword();
    const admin = await createAdmin(app, { username, email, password });
    return [
      `created administrator ${admin.username} (id ${admin.id}), email verified`,
      ...(input.password ? [] : [`password (shown once): ${password}`]),
    ];
  },
  async 'set-role'(app, { positionals }) {
    const [username, role, ...rest] = positionals;
    if (!username || !ROLES.includes(role as Role) || rest.length > 0) {
      throw new UsageError(`expected a member and one of ${ROLES.join(', ')}`);
    }
    const member = await setRole(app, (await memberNamed(app, username)).username, role as Role);
    return [`${member.username}'s role is now ${role}`];
  },
  async ban(app, line) {
    const member = await memberNamed(app, one(line, 'member'));
    return [(await banMember(app, OPERATOR, member.id, 'admin command')).message];
  },
  async unban(app, line) {
    const member = await memberNamed(app, one(line, 'member'));
    return [(await unbanMember(app, OPERATOR, member.id, 'admin command')).message];
  },
  async 'reset-password'(app, line) {
    const member = await memberNamed(app, one(line, 'member'));
    const { password } = await resetPassword(app, member.username);
    return [`${member.username} is signed out everywhere`, `new password (shown once): ${password}`];
  },
  async 'reset-factors'(app, line) {
    const member = await memberNamed(app, one(line, 'member'));
    const removed = await resetFactors(app, member.id);
    await revokeSessions(app, member.id, 'factors_reset');
    await logModeration(app, {
      actorId: OPERATOR.id,
      action: 'user.factorsReset',
      targetType: 'user',
      targetId: member.id,
    });
    return [
      removed.length === 0
        ? `${member.username} had no second factor`
        : `${member.username}'s second factors are off (${removed.join(', ')}) and their recovery codes void`,
      `${member.username} is signed out everywhere; they sign in with their password and add a factor again`,
    ];
  },
  async reload(app, line) {
    none(line);
    // Every process re-reads its read models from the database (told over Redis with REDIS_URL).
    app.changes.tell({ kind: 'all' });
    return ['every server process is reloading its read models'];
  },
  async backup(app, line) {
    none(line);
    const name = await writeBackupFile(app, 'manual');
    return [`backup written: ${resolve(backupsDirectory(app), name)}`];
  },
  async restore(app, line) {
    const file = one(line, 'backup file');
    const text = await readFile(resolve(file), 'utf8').catch((error: NodeJS.ErrnoException) => {
      throw new UsageError(`cannot read ${file}: ${error.code ?? error.message}`);
    });
    const reply = await restoreDatabase(app, OPERATOR, text);
    return [reply.message, `the data before it is in ${resolve(backupsDirectory(app), reply.automaticBackup)}`];
  },
};

/**
 * Runs a command line against an app. Refusals a caller can fix (a wrong argument, a name taken, a member already
 * banned) exit 2; anything else exits 1.
 */
export async function runCommand(app: FastifyInstance, argv: string[], input: CommandInput): Promise<CommandResult> {
  try {
    const line = parseCommand(argv);
    const out = await RUNS[line.name](app, line, input);
    app.log.info({ command: line.name }, 'admin command done');
    return { code: 0, out, err: [] };
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, out: [], err: [error.message, usage()] };
    if (error instanceof AppError && error.statusCode < 500) return { code: 2, out: [], err: [error.message] };
    app.log.error({ err: error, command: argv[0] }, 'admin command failed');
    return { code: 1, out: [], err: [error instanceof Error ? error.message : String(error)] };
  }
}
