import type { App } from '@enclave/server';
import { cook, storedFields } from '@enclave/server/formatting/cook.ts';
import { findMessage, storeMessage } from '@enclave/server/private-messages/boxes.ts';
import { recordRead } from '@enclave/server/private-messages/service.ts';
import { userModels } from '@enclave/server/users/models.ts';
import type { UserRecord } from '@enclave/server/users/user-model.ts';
import type { DemoAccount } from './index.ts';

interface DemoMessage {
  from: string;
  to: string;
  content: string;
  hoursAgo: number;
  read: boolean;
  link?: string;
}

/** Oldest first, so ids and dates agree; the last ones stay unread for the badge. */
const CONVERSATIONS: DemoMessage[] = [
  {
    from: 'moderator',
    to: 'dave',
    content: 'Welcome to Enclave! Shout if you need anything.',
    hoursAgo: 72,
    read: true,
  },
  { from: 'dave', to: 'moderator', content: 'Thanks! Glad to be posting at last.', hoursAgo: 71, read: true },
  {
    from: 'bob',
    to: 'alice',
    content: 'Are you in for the JetBrains group buy? Two places left.',
    hoursAgo: 30,
    read: true,
  },
  { from: 'alice', to: 'bob', content: 'Count me in. Does it cover the full IDE pack?', hoursAgo: 29, read: true },
  {
    from: 'carol',
    to: 'alice',
    content: 'Found that open font collection I mentioned, have a look.',
    hoursAgo: 20,
    read: true,
    link: 'https://fonts.google.com/?categories=Sans+Serif',
  },
  { from: 'alice', to: 'carol', content: 'Lovely, thank you! Saving it now.', hoursAgo: 19, read: false },
  {
    from: 'bob',
    to: 'alice',
    content: 'Yes, the whole pack. I will open the thread tonight.',
    hoursAgo: 5,
    read: false,
  },
  {
    from: 'dave',
    to: 'bob',
    content: 'Could I still join the group buy if a place frees up?',
    hoursAgo: 3,
    read: false,
  },
  { from: 'admin', to: 'carol', content: 'Your icon set thread is approved. Nice work!', hoursAgo: 1, read: false },
];

/** Conversations between the demo members, some unread; skipped when their accounts are missing. */
export async function seedMessages(app: App): Promise<DemoAccount[]> {
  const usernames = [...new Set(CONVERSATIONS.flatMap(({ from, to }) => [from, to]))];
  const users = await userModels(app)
    .User.find({ usernameKey: { $in: usernames } }, { id: 1, usernameKey: 1 })
    .lean<Pick<UserRecord, 'id' | 'usernameKey'>[]>();
  const idOf = new Map(users.map((user) => [user.usernameKey, user.id]));
  if (usernames.some((username) => !idOf.has(username))) return [];
  const now = Date.now();
  for (const { from, to, content, hoursAgo, read, link } of CONVERSATIONS) {
    const createdAt = new Date(now - hoursAgo * 60 * 60 * 1000);
    const { item } = await storeMessage(app, {
      content,
      // Cooked as a sent message is: the demo reads as members' messages do.
      ...storedFields(content, await cook(content, app.members)),
      senderId: idOf.get(from) as number,
      recipientId: idOf.get(to) as number,
      hasAttachment: link !== undefined,
      attachmentType: link ? 'link' : null,
      attachmentData: link ?? null,
      createdAt,
    });
    const message = await findMessage(app, item.id);
    if (read && message) await recordRead(app, message, new Date(createdAt.getTime() + 30 * 60 * 1000));
  }
  return [];
}
