import { useEffect } from 'react';
import { AdminSync } from '../admin/admin-sync.tsx';
import { GroupBuySync } from '../forum/group-buy-sync.tsx';
import { ShareSync } from '../forum/share-sync.tsx';
import { MessageSync } from '../messages/message-sync.tsx';
import { TypingSync } from '../messages/typing-sync.tsx';
import { NotificationSync } from '../notifications/notification-sync.tsx';
import { ReactionSync } from '../reactions/reaction-sync.tsx';
import { SessionSync } from '../session/session-sync.tsx';
import { WalletSync } from '../wallet/wallet-sync.tsx';
import { useSocket } from './socket-provider.tsx';

/** What pushed events keep current in this tab; like the socket, its code loads after the first render. */
export function LiveSync({ goToAuth, openThread }: { goToAuth: () => void; openThread: (id: number) => void }) {
  const socket = useSocket();
  // A parent's effects run after its children's: by now every listener below is on the socket.
  useEffect(() => {
    if (socket && !socket.active) socket.connect();
  }, [socket]);
  return (
    <>
      <SessionSync goToAuth={goToAuth} />
      <MessageSync />
      <TypingSync />
      <NotificationSync />
      <WalletSync />
      <AdminSync />
      <ShareSync openThread={openThread} />
      <GroupBuySync />
      <ReactionSync />
    </>
  );
}
