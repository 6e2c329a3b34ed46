import type { App } from '@enclave/server';
import { hashPassword } from '@enclave/server/auth/passwords.ts';
import { usernameKey } from '@enclave/server/auth/service.ts';
import { insertWithId } from '@enclave/server/storage/index.ts';
import { userModels } from '@enclave/server/users/models.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { DemoAccount } from './index.ts';

export const DEMO_PASSWORD = 'password123';

const PEOPLE = [
  { username: 'admin', role: 'admin', bio: 'Runs the place. Ask me about group buys.' },
  { username: 'moderator', role: 'moderator', bio: 'Keeping discussions kind and on topic.' },
  { username: 'alice', role: 'member', bio: 'Privacy nerd, self-hosting everything I can.' },
  { username: 'bob', role: 'member', bio: 'Organises group buys for dev tools.' },
  { username: 'carol', role: 'member', bio: 'Designer. Collects fonts and icon sets.' },
  { username: 'dave', role: 'member', bio: 'Lurker turned poster. Crypto since 2013.' },
] as const;

/** An admin, a moderator and verified members with bios. */
export async function seedAccounts(app: App): Promise<DemoAccount[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const { username, role, bio } of PEOPLE) {
    const member = await insertWithId(userModels(app).User, {
      username,
      usernameKey: usernameKey(username),
      email: `${username}@enclave.local`,
      passwordHash,
      bio,
      isEmailVerified: true,
      isAdmin: role === 'admin',
      isModerator: role === 'moderator',
    } as Omit<UserRecord, 'id'>);
    app.events.publish('member.changed', { userId: member.id });
  }
  return PEOPLE.map(({ username, role }) => ({ username, password: DEMO_PASSWORD, role }));
}

/** Demo members by username, for the other seed steps. */
export async function demoMember(app: App, username: string): Promise<UserRecord> {
  const user = await userModels(app).User.findOne({ usernameKey: username }).lean<UserRecord>();
  if (!user) throw new Error(`demo member ${username} is missing: run the accounts step first`);
  return user;
}
