import type { App } from '@enclave/server';
import { grantCoins } from '@enclave/server/admin/coins.ts';
import { muteMember } from '@enclave/server/moderation/sanctions.ts';
import { sendMessage } from '@enclave/server/private-messages/service.ts';
import { reply } from '@enclave/server/replies/service.ts';
import { createReport, dismissReport } from '@enclave/server/reports/service.ts';
import { threadModels } from '@enclave/server/threads/models.ts';
import type { ThreadRecord } from '@enclave/server/threads/thread-model.ts';
import { demoMember } from './accounts.ts';
import type { DemoAccount } from './index.ts';

/**
 * The console's queues with something in them: dave spams a thread and carol's inbox, members report
 * it and an earlier thread, a moderator dismisses one report and mutes dave for 24 hours, and the
 * admin grants carol test coins. Every action goes through the services, so the moderation log
 * records each one. Runs after the accounts, messages and forum steps.
 */
export async function seedAdmin(app: App): Promise<DemoAccount[]> {
  const admin = await demoMember(app, 'admin');
  const moderator = await demoMember(app, 'moderator');
  const alice = await demoMember(app, 'alice');
  const bob = await demoMember(app, 'bob');
  const carol = await demoMember(app, 'carol');
  const dave = await demoMember(app, 'dave');

  const spam = await sendMessage(app, dave, {
    content: 'Cheap coins, half price, no questions asked. Reply with your wallet seed to claim!',
    recipientId: carol.id,
  });
  await createReport(app, carol, { contentType: 'message', contentId: spam.id, reason: 'Asking for my wallet seed' });

  const open = { isApproved: true, isPremium: false, isPrivate: false, deletedAt: null };
  const threads = await threadModels(app)
    .Thread.find({ ...open, authorId: { $nin: [dave.id, alice.id, bob.id] } })
    .sort({ id: 1 })
    .limit(2)
    .lean<ThreadRecord[]>();
  const [first, second] = threads;
  if (first) {
    const post = await reply(app, dave, first.id, 'Selling coins cheaper than the wallet page, DM me.');
    await createReport(app, alice, { contentType: 'post', contentId: post.id, reason: 'Coin selling spam' });
    await createReport(app, bob, { contentType: 'post', contentId: post.id, reason: 'Scam offer' });
  }
  if (second) {
    const report = await createReport(app, bob, {
      contentType: 'thread',
      contentId: second.id,
      reason: 'I think this belongs in another category',
    });
    await dismissReport(app, moderator, report.id);
  }

  await muteMember(app, moderator, dave.id, 24, 'Spamming coin offers');
  await grantCoins(app, admin, carol.id, 1000);
  return [];
}
