/**
 * Socket.IO event maps, typed for both ends. Rooms: `user:{id}`, `thread:{id}`, `staff`.
 * Every payload is a presented entity: nothing here carries private fields.
 */

export interface ServerToClientEvents {
  /** Sent once after the handshake so the client knows who the server thinks it is. */
  'session:ready': (payload: { userId: number | null }) => void;
  /** The session was revoked (ban, password change, logout elsewhere): sign out now. */
  'session:revoked': (payload: { reason: 'banned' | 'password_changed' | 'logged_out' | 'deleted' }) => void;
  /** The member's coin balance after every credit or debit, to all of their tabs. */
  'wallet:balance': (payload: { balance: number }) => void;
}

export interface ClientToServerEvents {
  /** Round-trip check used by clients and benchmarks. */
  ping: (ack: (reply: { at: number }) => void) => void;
}

export interface SocketData {
  userId: number | null;
  sessionVersion: number;
  isStaff: boolean;
}

export const rooms = {
  user: (id: number) => `user:${id}`,
  thread: (id: number) => `thread:${id}`,
  staff: 'staff',
} as const;
