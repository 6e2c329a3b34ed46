import { lowerBound } from '../read-models/creation-times.ts';

/** How a run of a search's non-space characters lies in a word of a text that contains the whole search. */
export type Fit = 'inside' | 'suffix' | 'prefix' | 'whole';

/**
 * Where each run of a search must lie: a search of one run anywhere in a word; of several, the first at the end of a
 * word, the last at the start of one, and those between them whole words.
 */
export const fitOf = (run: number, runs: number): Fit =>
  runs === 1 ? 'inside' : run === 0 ? 'suffix' : run === runs - 1 ? 'prefix' : 'whole';

const fits: Record<Fit, (word: string, run: string) => boolean> = {
  inside: (word, run) => word.includes(run),
  suffix: (word, run) => word.endsWith(run),
  prefix: (word, run) => word.startsWith(run),
  whole: (word, run) => word === run,
};

/** The runs of non-space characters of a text (lower-cased already), without repeats. */
export const wordsOf = (texts: string[]): Set<string> =>
  new Set(texts.flatMap((text) => text.split(/\s+/).filter(Boolean)));

/** The lowest and highest thread ids a search's marks raised. */
export interface Span {
  low: number;
  high: number;
}

/** A word index as a snapshot stores it (`WordIndex.columns`). */
export interface WordColumns {
  /** Each its own string: words split from one joined string kept it all alive (1.2 KB a thread at L, not 0.8). */
  words: string[];
  counts: Uint32Array;
  ids: Int32Array;
}

/**
 * Which threads hold which words (runs of non-space characters, as lower-cased as the texts given), so a search reads
 * no text: a run of non-space characters in a text lies inside one of its words, so the threads having a word that
 * fits every run of a search are every thread that can match it, and for a search of one run exactly those.
 *
 * Compact, since it is most of the forum index: a word held by one thread keeps its id alone, others an ascending
 * array of ids. Ids are only ever added. A deleted thread is no longer in the forum index, so its words never
 * answer; a thread whose text changed keeps its old words too, and the forum index confirms its matches on its text.
 */
export class WordIndex {
  readonly #threads = new Map<string, number | number[]>();
  /** The words holding each trigram: built at the first search long enough to use it, then kept up to date. */
  #grams: Map<string, string[]> | null = null;

  add(id: number, texts: string[]): void {
    for (const word of wordsOf(texts)) {
      const ids = this.#threads.get(word);
      if (ids === undefined) {
        this.#threads.set(word, id);
        if (this.#grams) addGrams(this.#grams, word);
      } else if (typeof ids === 'number') {
        if (ids !== id) this.#threads.set(word, ids < id ? [ids, id] : [id, ids]);
      } else if ((ids.at(-1) as number) < id) ids.push(id);
      else {
        const at = lowerBound(ids, id);
        if (ids[at] !== id) ids.splice(at, 0, id);
      }
    }
  }

  /**
   * The index as columns, for a snapshot: the words, each word's count of ids, and the ids, word after word.
   */
  columns(): WordColumns {
    const counts = new Uint32Array(this.#threads.size);
    let total = 0;
    let i = 0;
    for (const ids of this.#threads.values()) {
      const count = typeof ids === 'number' ? 1 : ids.length;
      counts[i++] = count;
      total += count;
    }
    const ids = new Int32Array(total);
    let at = 0;
    for (const held of this.#threads.values()) {
      if (typeof held === 'number') ids[at++] = held;
      else for (const id of held) ids[at++] = id;
    }
    return { words: [...this.#threads.keys()], counts, ids };
  }

  /** An index as `columns()` gave it. */
  static fromColumns({ words, counts, ids }: WordColumns): WordIndex {
    const index = new WordIndex();
    let at = 0;
    let i = 0;
    for (const word of words) {
      const count = counts[i++] as number;
      const from = at;
      // From an array-like, sized at once: from the typed array itself (an iterable), each grew with slack.
      index.#threads.set(
        word,
        count === 1 ? (ids[at] as number) : Array.from({ length: count }, (_, k) => ids[from + k] as number),
      );
      at += count;
    }
    return index;
  }

  /** Arrays grown by pushes hold up to half again their length: after a load, each is copied to its size. */
  compact(): void {
    for (const [word, ids] of this.#threads) if (typeof ids !== 'number') this.#threads.set(word, ids.slice());
  }

  /**
   * Raises `marks[id]` from `step - 1` to `step` for each thread having a word in which `run` lies as `fit` says: after
   * runs 1..n marked in turn, the threads marked n have a word for each run. Answers the lowest and highest ids it
   * raised (null for none), so that a search reads only the marks between them.
   */
  mark(run: string, fit: Fit, marks: Uint8Array, step: number): Span | null {
    const span = { low: Number.POSITIVE_INFINITY, high: 0 };
    const raise = (id: number) => {
      if (marks[id] !== step - 1) return;
      marks[id] = step;
      span.low = Math.min(span.low, id);
      span.high = Math.max(span.high, id);
    };
    this.#raiseEach(run, fit, raise);
    return span.high > 0 ? span : null;
  }

  #raiseEach(run: string, fit: Fit, raise: (id: number) => void): void {
    if (fit === 'whole') {
      const ids = this.#threads.get(run);
      if (typeof ids === 'number') raise(ids);
      else ids?.forEach(raise);
      return;
    }
    for (const word of this.#wordsHolding(run)) {
      if (!fits[fit](word, run)) continue;
      const ids = this.#threads.get(word);
      if (typeof ids === 'number') raise(ids);
      else ids?.forEach(raise);
    }
  }

  /**
   * The words that may hold `run`: for a run of three characters or more, those having its rarest trigram, so a search
   * reads a few words rather than the whole vocabulary (which grows with the forum: names, numbers, links), and one
   * that matches nothing usually reads none (issue #26: a search with no match at 1.9x from S to L). Shorter runs
   * read every word.
   */
  #wordsHolding(run: string): Iterable<string> {
    if (run.length < GRAM) return this.#threads.keys();
    if (!this.#grams) {
      this.#grams = new Map();
      for (const word of this.#threads.keys()) addGrams(this.#grams, word);
    }
    let rarest: string[] | undefined;
    for (const gram of gramsOf(run)) {
      const words = this.#grams.get(gram);
      if (!words) return [];
      if (!rarest || words.length < rarest.length) rarest = words;
    }
    return rarest ?? [];
  }
}

const GRAM = 3;

/** A word's distinct runs of three characters. */
function gramsOf(word: string): string[] {
  const grams = new Set<string>();
  for (let i = 0; i + GRAM <= word.length; i++) grams.add(word.slice(i, i + GRAM));
  return [...grams];
}

function addGrams(grams: Map<string, string[]>, word: string): void {
  for (const gram of gramsOf(word)) {
    const words = grams.get(gram);
    if (words) words.push(word);
    else grams.set(gram, [word]);
  }
}
