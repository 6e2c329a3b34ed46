import type { App } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { usernameKey } from '../auth/service.ts';
import { insertWithId } from '../db/ids.ts';
import type { UserRecord } from '../users/user-model.ts';
import { TestClient } from './client.ts';

export const DEFAULT_PASSWORD = 'correct-horse';
let passwordHash: Promise<string> | undefined;
let counter = 0;

/** A member straight in the database (verified by default), with a signed-in client. */
export async function createMember(
  app: App,
  overrides: Partial<
    Pick<
      UserRecord,
      'username' | 'email' | 'isEmailVerified' | 'isAdmin' | 'isModerator' | 'isBanned' | 'mutedUntil' | 'bio'
    >
  > = {},
): Promise<{ user: UserRecord; client: TestClient }> {
  passwordHash ??= hashPassword(DEFAULT_PASSWORD);
  counter += 1;
  const username = overrides.username ?? `member${counter}_${Math.random().toString(36).slice(2, 7)}`;
  const user = (await insertWithId(app.models.User, {
    username,
    usernameKey: usernameKey(username),
    email: overrides.email ?? `${username.toLowerCase()}@example.test`,
    passwordHash: await passwordHash,
    isEmailVerified: true,
    ...overrides,
  } as Omit<UserRecord, 'id'>)) as UserRecord;
  // Written behind the services' backs: the read models are told, as registration's event would.
  app.changes.tell({ kind: 'member', id: user.id });
  const client = new TestClient(app);
  client.cookie = app.jwt.sign({ sub: user.id, sv: user.sessionVersion });
  return { user, client };
}
