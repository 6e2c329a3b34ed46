import type { QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';

/**
 * What the first screen does not show waits until it is there: the socket and the live cache updates, the reply
 * editor, the collapsed menu's tooltips. (Controls load when reached for: components/on-intent.ts.) The first screen is there once the page has loaded, the reads its first
 * render asked for have answered (the cards' authors included) and the browser is idle, or after FIRST_SCREEN_CAP_MS
 * at the latest. Until then their code and requests would compete with the page's own, and their rendering with
 * the page's (issue #14).
 */
const FIRST_SCREEN_CAP_MS = 4000;

let firstScreen: Promise<void> = Promise.resolve();
/** Whether `firstScreen` has resolved (true without watchFirstScreen): what mounts later renders whole at once. */
let isFirstScreenThere = true;

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/**
 * Resolves once no read is under way, nor started by what an answer set off: a read that answers can start others
 * (the root loader asks for a verified member's badges once the session answers), so none must be under way a
 * task after the last answer too.
 */
const noReadUnderWay = (queryClient: QueryClient) =>
  new Promise<void>((resolve) => {
    const settle = () => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    };
    let check = setTimeout(settle, 0);
    const stop = queryClient.getQueryCache().subscribe(() => {
      clearTimeout(check);
      if (queryClient.isFetching() === 0) check = setTimeout(settle, 0);
    });
  });

/** Runs `work` when the browser is next idle (within a second); the returned function cancels it. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 50);
  return () => clearTimeout(timer);
}

const idle = () => new Promise<void>((resolve) => void whenIdle(resolve));

/** How long the first render waits for the first reads at most (see firstReadsAnswered). */
const FIRST_READS_WAIT_MS = 1000;

/**
 * Resolves once the reads the route loaders started have answered, or after FIRST_READS_WAIT_MS. The first render
 * waits for it (main.tsx): the page's HTML preloads those reads, so they have usually answered by the time the code
 * has run, and the page renders once, with its data, in one transition (in slices). Rendered before, the page would
 * render again as each answer comes, and an update from the query cache is rendered in one piece (React renders a
 * store's updates synchronously), which Lighthouse measured as a task of 180 ms and more on `/`.
 */
export function firstReadsAnswered(queryClient: QueryClient): Promise<void> {
  return Promise.race([
    noReadUnderWay(queryClient),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_READS_WAIT_MS)),
  ]);
}

let markPagePainted = () => {};
/** The first page's frame: what waits for the first screen must not start before the page is painted either. */
const pagePainted = new Promise<void>((resolve) => {
  markPagePainted = resolve;
});

/**
 * Called by the App once it has committed its first page: the first screen counts from the frame that paints it
 * (a requestAnimationFrame callback runs before that frame's paint, a task it queues after). The browser can be idle
 * with no read under way between the slices of the first render; a lazy chunk asked for then was fetched before the
 * page's largest paint, which Lighthouse's simulation counted into it (sign-in's LCP 2.7 s, issue #26).
 */
export function firstPageCommitted(): void {
  requestAnimationFrame(() => setTimeout(markPagePainted, 0));
}

/** Called once by main.tsx as the app starts; without it (tests) the first screen counts as there. */
export function watchFirstScreen(queryClient: QueryClient): void {
  const cap = new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_CAP_MS));
  const settled = async () => {
    await loaded();
    await pagePainted;
    // A read that answers can start others (the cards' authors): settled is idle with none under way.
    do {
      await noReadUnderWay(queryClient);
      await idle();
    } while (queryClient.isFetching() > 0);
  };
  isFirstScreenThere = false;
  firstScreen = Promise.race([settled(), cap]).then(() => {
    isFirstScreenThere = true;
  });
}

/** Runs `work` once the first screen is there (at once if it already is); the returned function cancels it. */
export function afterFirstScreen(work: () => void): () => void {
  let isCancelled = false;
  void firstScreen.then(() => {
    if (!isCancelled) work();
  });
  return () => {
    isCancelled = true;
  };
}

/** False until the first screen is there; what it then adds renders in a transition, in slices. */
export function useFirstScreenDone(): boolean {
  const [isDone, setDone] = useState(isFirstScreenThere);
  useEffect(() => afterFirstScreen(() => startTransition(() => setDone(true))), []);
  return isDone;
}

/**
 * How many items of a long list to render (the thread's replies, a category's threads): `first` with the page, a
 * screenful, then `chunk` more each time the browser is idle once the first screen is there, each in a transition;
 * then every item, those added later included. A list that mounts after the first screen renders whole at once.
 * Rendered all at once, a hundred replies arriving from the query cache were one task of some 400 ms on Lighthouse's
 * simulated phone (issue #26), and the forty-four cards after a category's first six one commit.
 */
export function useRevealedCount(total: number, first: number, chunk = 10): number {
  const [revealed, setRevealed] = useState(isFirstScreenThere ? Number.POSITIVE_INFINITY : first);
  useEffect(() => {
    if (revealed === Number.POSITIVE_INFINITY) return;
    let cancelIdle = () => {};
    const cancel = afterFirstScreen(() => {
      cancelIdle = whenIdle(() =>
        startTransition(() =>
          setRevealed((count) => (count + chunk >= total ? Number.POSITIVE_INFINITY : count + chunk)),
        ),
      );
    });
    return () => {
      cancel();
      cancelIdle();
    };
  }, [revealed, total, chunk]);
  return Math.min(revealed, total);
}

/** How many waiting components get their turn each time the browser is idle (useIdleTurn). */
const TURNS_PER_IDLE = 4;
const waitingTurns: (() => void)[] = [];
let isTurnScheduled = false;

function grantTurns() {
  isTurnScheduled = false;
  for (const grant of waitingTurns.splice(0, TURNS_PER_IDLE)) grant();
  scheduleTurns();
}

function scheduleTurns() {
  if (isTurnScheduled || waitingTurns.length === 0) return;
  isTurnScheduled = true;
  whenIdle(grantTurns);
}

/**
 * False until the browser has been idle since this component mounted, a few components a time, in the order they
 * mounted: a thread card's author read starts then. Started as the cards mounted, each list of ten cards added
 * after the first screen started ten reads in its commit, and a browser's fetch() costs about a millisecond of
 * main thread (four on Lighthouse's phone, more with its network instrumentation): a category's fifty cards
 * were some 300 ms of the commits' tasks (issue #26).
 */
export function useIdleTurn(): boolean {
  const [isTurn, setTurn] = useState(false);
  useEffect(() => {
    if (isTurn) return;
    const grant = () => setTurn(true);
    waitingTurns.push(grant);
    scheduleTurns();
    return () => {
      const at = waitingTurns.indexOf(grant);
      if (at >= 0) waitingTurns.splice(at, 1);
    };
  }, [isTurn]);
  return isTurn;
}
