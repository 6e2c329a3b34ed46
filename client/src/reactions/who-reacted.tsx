import { api, REACTION_TEXT, type ReactionKind } from '@enclave/protocol';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import type { ReactionRef } from './reaction-cache.ts';
import * as styles from './reactions.css.ts';

interface WhoReactedProps {
  id: string;
  reactionRef: ReactionRef;
  kind: ReactionKind;
  label: string;
}

/** The first page of who reacted with one kind: names, then "and N others" for hidden profiles and the rest. */
export function WhoReacted({ id, reactionRef, kind, label }: WhoReactedProps) {
  const who = useQuery({
    queryKey: [api.reactors.url, reactionRef.target, reactionRef.id, kind],
    queryFn: () => call(api.reactors, { params: { target: reactionRef.target, id: reactionRef.id, kind } }),
    // Who reacted changes with every push: read it afresh each time it is asked for.
    gcTime: 0,
  });
  let text: string = REACTION_TEXT.loading;
  if (who.data) {
    const names = who.data.members.map((member) => member.username);
    const others = who.data.total - names.length;
    text = [names.join(', '), others > 0 ? REACTION_TEXT.andOthers(others) : ''].filter(Boolean).join(' ');
  } else if (who.isError) text = who.error.message;
  return (
    <span id={id} role="tooltip" className={styles.who}>
      <strong>{REACTION_TEXT.whoReacted(label)}:</strong> {text}
    </span>
  );
}
