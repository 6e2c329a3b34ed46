import type { ClientSummary } from '@enclave/protocol';
import type { App } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { usernameKey } from '../auth/service.ts';
import { openSession } from '../auth/session-records.ts';
import { insertWithId } from '../storage/index.ts';
import { userModels } from '../users/models.ts';
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
  const user = (await insertWithId(userModels(app).User, {
    username,
    usernameKey: usernameKey(username),
    email: overrides.email ?? `${username.toLowerCase()}@example.test`,
    passwordHash: await passwordHash,
    isEmailVerified: true,
    ...overrides,
  } as Omit<UserRecord, 'id'>)) as UserRecord;
  // Written behind the services' backs: the read models are told, as registration's event would.
  app.changes.tell({ kind: 'member', id: user.id });
  return { user, client: await signedInClient(app, user) };
}

/** A client signed in as `user` (a member made earlier, say on another app of the same database). */
export async function signedInClient(app: App, user: Pick<UserRecord, 'id' | 'sessionVersion'>): Promise<TestClient> {
  const client = new TestClient(app);
  client.cookie = await signedInCookie(app, user);
  return client;
}

/** What a browser on a test network gets from a sign-in. */
export const TEST_CLIENT = {
  device: 'Desktop (Linux)',
  deviceType: 'desktop',
  browser: 'Chrome 131',
  place: '10.0.0.0/24',
} as const;

/** A session of `user`, recorded as a sign-in would record it (without its activity entry): its cookie value. */
export async function signedInCookie(
  app: App,
  user: Pick<UserRecord, 'id' | 'sessionVersion'>,
  client: ClientSummary = TEST_CLIENT,
): Promise<string> {
  return (await openSession(app, user, client, 'password')).token;
}
