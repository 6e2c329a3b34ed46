/** A needle contained in more words than this is common: a scan of the newest threads finds a page of it sooner. */
const MAX_WORDS = 64;

const wordsOf = (texts: string[]): Set<string> => new Set(texts.flatMap((text) => text.split(/\s+/).filter(Boolean)));

/**
 * Which threads hold which words (runs of non-space characters, as lower-cased as the texts given), so a search
 * need not read every thread's text. Search matches substrings, as the spec's client and the regex query did,
 * and a run of non-space characters in the search lies inside one word of any text that contains it: the threads
 * of the words containing the search's longest run are then every thread that can match, and only they are read.
 */
export class WordIndex {
  readonly #threads = new Map<string, Set<number>>();

  add(id: number, texts: string[]): void {
    for (const word of wordsOf(texts)) {
      let ids = this.#threads.get(word);
      if (!ids) {
        ids = new Set();
        this.#threads.set(word, ids);
      }
      ids.add(id);
    }
  }

  remove(id: number, texts: string[]): void {
    for (const word of wordsOf(texts)) {
      const ids = this.#threads.get(word);
      ids?.delete(id);
      if (ids?.size === 0) this.#threads.delete(word);
    }
  }

  /**
   * Whether a thread may contain `needle` (lower-cased): false only where it cannot. Null when the index does not
   * narrow the search (a needle of spaces, or one common to many words), and every thread is a candidate.
   */
  candidates(needle: string): ((id: number) => boolean) | null {
    const run = needle.split(/\s+/).reduce((longest, part) => (part.length > longest.length ? part : longest), '');
    if (!run) return null;
    const holders: Set<number>[] = [];
    for (const [word, ids] of this.#threads) {
      if (!word.includes(run)) continue;
      if (holders.push(ids) > MAX_WORDS) return null;
    }
    return (id) => holders.some((ids) => ids.has(id));
  }
}
