import { type AdminUser, api, CONSOLE_TEXT, SKELETON_ROWS, TEST_COINS } from '@enclave/protocol';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Coins } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { call } from '../api/client.ts';
import { Avatar } from '../components/avatar.tsx';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { DataTable } from '../components/data-table.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { LoadMoreButton } from '../components/load-more-button.tsx';
import { wholeNumber } from '../components/numbers.ts';
import { LoadingRows } from '../components/skeleton.tsx';
import { useSession } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { ADMIN_USERS_KEY } from './admin-cache.ts';
import { useAdminUsers } from './admin-queries.ts';
import { formatDay, isStaffMember, tableStatusOf } from './member-status.ts';

type Pages = InfiniteData<AdminUser[], number | undefined>;

// The ban confirmation's code (react-aria's modal) loads when it is first asked for: this panel is the console's
// first screen.
const ModalDialog = lazy(() =>
  import('../components/modal-dialog.tsx').then((module) => ({ default: module.ModalDialog })),
);

/**
 * Spec 001 §2, users: every member with their status and coins, to look up and ban (admins and moderators). Coin
 * grants and email addresses are for those the server lets manage users (admins).
 */
export function UsersTab() {
  const { user } = useSession();
  const mayGrantCoins = Boolean(user?.abilities.canManageUsers);
  const query = useAdminUsers();
  const queryClient = useQueryClient();
  const [banning, setBanning] = useState<AdminUser | null>(null);

  const updateMember = (id: number, change: Partial<AdminUser>) =>
    queryClient.setQueryData<Pages>(
      ADMIN_USERS_KEY,
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => page.map((member) => (member.id === id ? { ...member, ...change } : member))),
        },
    );

  const addCoins = useMutation({
    mutationFn: (member: AdminUser) =>
      call(api.addUserCoins, {
        body: { userId: member.id, amount: TEST_COINS.perUser },
        errorTitle: CONSOLE_TEXT.addCoinsFailed,
      }),
    onSuccess: (reply) => {
      updateMember(reply.userId, { coinBalance: reply.coinBalance });
      toast({ title: 'Coins added', description: reply.message });
    },
  });

  const ban = useMutation({
    mutationFn: (member: AdminUser) =>
      call(api.banUserFromTable, { body: { userId: member.id }, errorTitle: CONSOLE_TEXT.banFailed }),
    onSuccess: (reply, member) => {
      updateMember(member.id, { isBanned: true, bannedAt: new Date().toISOString() });
      toast({ title: 'User banned', description: reply.message });
    },
    onSettled: () => setBanning(null),
  });

  // Spec 001 §7: a failed list reads as an empty one.
  const members = query.data?.pages.flat() ?? [];
  const isBusy = (member: AdminUser) =>
    (addCoins.isPending && addCoins.variables?.id === member.id) || (ban.isPending && ban.variables?.id === member.id);

  return (
    <section className={styles.card} aria-labelledby="users-title">
      <CardHeading id="users-title" title="Users">
        Newest members first.
        {mayGrantCoins && ` Add Coins gives ${wholeNumber(TEST_COINS.perUser)} test coins through the ledger.`}
      </CardHeading>
      {query.isLoading ? (
        <LoadingRows rows={SKELETON_ROWS.list} label="Loading users" />
      ) : members.length === 0 ? (
        <p className={styles.empty}>{CONSOLE_TEXT.noUsers}</p>
      ) : (
        <DataTable
          rows={members}
          rowKey={(member) => member.id}
          columns={[
            {
              label: 'User',
              cell: (member) => (
                <div className={styles.person}>
                  <Avatar username={member.username} src={member.profilePicture} />
                  <span className={styles.personText}>
                    <span className={`${styles.strong} ${styles.truncate}`} title={member.username}>
                      {member.username}
                    </span>
                    {member.email && (
                      <span className={`${styles.muted} ${styles.truncate}`} title={member.email}>
                        {member.email}
                      </span>
                    )}
                  </span>
                </div>
              ),
            },
            { label: 'Joined', className: styles.nowrap, cell: (member) => formatDay(member.createdAt) },
            {
              label: 'Status',
              cell: (member) => {
                const status = tableStatusOf(member);
                return <span className={styles.badge[status]}>{CONSOLE_TEXT.status[status]}</span>;
              },
            },
            { label: 'Coins', className: styles.nowrap, cell: (member) => wholeNumber(member.coinBalance) },
            {
              label: 'Actions',
              cell: (member) => (
                <div className={styles.actions}>
                  {mayGrantCoins && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`${CONSOLE_TEXT.addCoins} to ${member.username}`}
                      isDisabled={isBusy(member)}
                      onPress={() => addCoins.mutate(member)}
                    >
                      <Coins size={14} aria-hidden />
                      {CONSOLE_TEXT.addCoins}
                    </Button>
                  )}
                  {!member.isBanned && (
                    <Button
                      size="sm"
                      variant="destructive"
                      aria-label={`${CONSOLE_TEXT.ban} ${member.username}`}
                      isDisabled={isBusy(member) || isStaffMember(member)}
                      onPress={() => setBanning(member)}
                    >
                      <Ban size={14} aria-hidden />
                      {CONSOLE_TEXT.ban}
                    </Button>
                  )}
                </div>
              ),
            },
          ]}
        />
      )}
      <LoadMoreButton pages={query} className={styles.loadMore} />
      {banning && (
        <Suspense fallback={null}>
          <ModalDialog
            title={`Ban ${banning.username}?`}
            isOpen
            isAlert
            onOpenChange={(open) => !open && setBanning(null)}
          >
            <p className={styles.muted}>
              {banning.username} is signed out everywhere at once and cannot sign in again until the ban is lifted.
            </p>
            <DialogActions>
              <Button variant="secondary" onPress={() => setBanning(null)}>
                Cancel
              </Button>
              <Button variant="destructive" isDisabled={ban.isPending} onPress={() => ban.mutate(banning)}>
                {ban.isPending ? 'Banning…' : CONSOLE_TEXT.ban}
              </Button>
            </DialogActions>
          </ModalDialog>
        </Suspense>
      )}
    </section>
  );
}
