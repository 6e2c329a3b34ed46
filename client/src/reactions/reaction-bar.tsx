import {
  NO_REACTIONS,
  REACTION_EMOJI,
  REACTION_KINDS,
  REACTION_TEXT,
  type ReactionKind,
  type ReactionSummary,
} from '@enclave/protocol';
import { useNavigate } from '@tanstack/react-router';
import { SmilePlus, ThumbsUp } from 'lucide-react';
import { lazy, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { OnDemand } from '../components/on-demand.tsx';
import { useSession } from '../session/use-session.ts';
import type { ReactionRef } from './reaction-cache.ts';
import * as styles from './reactions.css.ts';
import { useReact } from './use-react.ts';

// What opens on demand loads on demand: the thread page's first screen carries only the chips.
const ReactionPicker = lazy(() =>
  import('./reaction-picker.tsx').then((module) => ({ default: module.ReactionPicker })),
);
const WhoReacted = lazy(() => import('./who-reacted.tsx').then((module) => ({ default: module.WhoReacted })));

interface ReactionBarProps extends ReactionRef {
  reactions: ReactionSummary | undefined;
  /** A reply's Like button (👍) leads the bar, as the spec's reply actions had it. */
  withLike?: boolean;
}

/**
 * A post's reactions (issue #28): a chip per kind someone chose, pressed when it is the viewer's, which toggles it; an
 * "add reaction" button opens the picker of the five. Who reacted shows on a chip's hover or focus. A visitor sees
 * the counts and is sent to sign in by any press.
 */
export function ReactionBar({ reactions = NO_REACTIONS, withLike = false, ...ref }: ReactionBarProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const react = useReact(ref);
  const [isPicking, setPicking] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const toggle = (kind: ReactionKind) => {
    if (!user) return void navigate({ to: '/auth' });
    react.mutate({ kind, on: !reactions.mine.includes(kind) });
  };
  const liked = reactions.mine.includes('thumbsUp');
  const shown = REACTION_KINDS.filter(
    (kind) => (reactions.counts[kind] ?? 0) > 0 && !(withLike && kind === 'thumbsUp'),
  );
  return (
    <fieldset className={styles.bar} aria-label={REACTION_TEXT.bar}>
      {withLike && (
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={user ? liked : undefined}
          aria-label={likeLabel(reactions, liked, user !== null)}
          onPress={() => toggle('thumbsUp')}
        >
          <ThumbsUp size={14} aria-hidden fill={liked ? 'currentColor' : 'none'} />
          {liked ? REACTION_TEXT.liked : REACTION_TEXT.like}
          {(reactions.counts.thumbsUp ?? 0) > 0 && <span>{reactions.counts.thumbsUp}</span>}
        </Button>
      )}
      {shown.map((kind) => (
        <Chip
          key={kind}
          kind={kind}
          count={reactions.counts[kind] ?? 0}
          mine={reactions.mine.includes(kind)}
          isMember={user !== null}
          onToggle={() => toggle(kind)}
          reactionRef={ref}
        />
      ))}
      <Button
        ref={addButton}
        variant="ghost"
        size="sm"
        aria-label={user ? REACTION_TEXT.add : REACTION_TEXT.signInToReact}
        aria-expanded={user ? isPicking : undefined}
        aria-haspopup={user ? 'dialog' : undefined}
        onPress={() => (user ? setPicking(true) : void navigate({ to: '/auth' }))}
      >
        <SmilePlus size={16} aria-hidden />
      </Button>
      <OnDemand isOpen={isPicking}>
        <ReactionPicker
          triggerRef={addButton}
          isOpen={isPicking}
          onOpenChange={setPicking}
          mine={reactions.mine}
          onPick={(kind) => {
            setPicking(false);
            toggle(kind);
          }}
        />
      </OnDemand>
    </fieldset>
  );
}

/** "Like", or with its count "Like: 3, you reacted"; a visitor's says where it leads. */
function likeLabel(reactions: ReactionSummary, liked: boolean, isMember: boolean) {
  const count = reactions.counts.thumbsUp ?? 0;
  if (!isMember)
    return count > 0
      ? `${REACTION_TEXT.chip(REACTION_TEXT.like, count, false)}. ${REACTION_TEXT.signInToReact}`
      : REACTION_TEXT.signInToReact;
  return count > 0 ? REACTION_TEXT.chip(REACTION_TEXT.like, count, liked) : REACTION_TEXT.like;
}

interface ChipProps {
  kind: ReactionKind;
  count: number;
  mine: boolean;
  isMember: boolean;
  onToggle: () => void;
  reactionRef: ReactionRef;
}

/** One kind's count; hovered or focused a moment, it names who reacted. */
function Chip({ kind, count, mine, isMember, onToggle, reactionRef }: ChipProps) {
  const [isAsking, setAsking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const whoId = useId();
  const label = REACTION_TEXT.labels[kind];
  const ask = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAsking(true), 350);
  };
  const stop = () => {
    clearTimeout(timer.current);
    setAsking(false);
  };
  return (
    <span className={styles.chipHolder} onPointerEnter={ask} onPointerLeave={stop}>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={isMember ? mine : undefined}
        aria-label={REACTION_TEXT.chip(label, count, mine)}
        aria-describedby={isAsking ? whoId : undefined}
        onClick={onToggle}
        onFocus={ask}
        onBlur={stop}
        onKeyDown={(event) => {
          if (event.key === 'Escape') stop();
        }}
      >
        <span className={styles.emoji} aria-hidden>
          {REACTION_EMOJI[kind]}
        </span>
        <span aria-hidden>{count}</span>
      </button>
      <OnDemand isOpen={isAsking}>
        {isAsking && <WhoReacted id={whoId} reactionRef={reactionRef} kind={kind} label={label} />}
      </OnDemand>
    </span>
  );
}
