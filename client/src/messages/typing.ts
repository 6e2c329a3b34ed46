import { PRESENCE, type TypingNotice } from '@enclave/protocol';
import { create } from 'zustand';

/** The members writing to this member now, by id: their names. Kept in memory only, gone with a stop or 6 s. */
export const useTypingStore = create<{ typing: Record<number, string> }>()(() => ({ typing: {} }));

const expiries = new Map<number, ReturnType<typeof setTimeout>>();

/** A typing packet: shown (again) for 6 s from now. */
export function typingStarted({ fromUserId, username }: TypingNotice) {
  clearTimeout(expiries.get(fromUserId));
  expiries.set(
    fromUserId,
    setTimeout(() => typingStopped(fromUserId), PRESENCE.typingShownMs),
  );
  useTypingStore.setState((state) => ({ typing: { ...state.typing, [fromUserId]: username } }));
}

/** A stop, their message arriving, or 6 s of silence. */
export function typingStopped(fromUserId: number) {
  clearTimeout(expiries.get(fromUserId));
  expiries.delete(fromUserId);
  if (!(fromUserId in useTypingStore.getState().typing)) return;
  useTypingStore.setState((state) => {
    const { [fromUserId]: _gone, ...rest } = state.typing;
    return { typing: rest };
  });
}

const sameKey = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The names of who is writing to this member: all of them, or only the member of this conversation (by id) or the
 * one a dialog is addressed to (by name, any case). Joined into a stable string so the store's changes elsewhere do
 * not render the line again.
 */
export function useTypingNames(only?: { id?: number; username?: string }): string[] {
  const joined = useTypingStore((state) =>
    Object.entries(state.typing)
      .filter(
        ([id, name]) =>
          (only?.id === undefined || Number(id) === only.id) &&
          (only?.username === undefined || sameKey(name, only.username)),
      )
      .map(([, name]) => name)
      .join('\n'),
  );
  return joined === '' ? [] : joined.split('\n');
}
