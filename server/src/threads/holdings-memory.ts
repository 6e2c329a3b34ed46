/** How many members' answers a process keeps; the least recently asked go first. */
const MAX_MEMBERS = 10_000;

type Answers = Map<string, Promise<boolean>>;

/**
 * What members hold, remembered per process, so a page of threads asks the database nothing once warm.
 * A holding is never taken back, and once a group buy has completed its places no longer change, so
 * an answer stays true until told otherwise: a member's new holding (Changes 'holdings') forgets their
 * answers, a change to a thread (its group buy completing among them) forgets whether it completed.
 * Answers are kept as promises: members asking at once share one read, and a read under way when its
 * answers are forgotten lands in a map no longer held, so it cannot bring back what it read before the change.
 */
export class HoldingsMemory {
  readonly #members = new Map<number, Answers>();
  readonly #completions: Answers = new Map();

  /** The member's answer to `question` (`purchase:12`), read once by `read`. */
  ofMember(userId: number, question: string, read: () => Promise<boolean>): Promise<boolean> {
    let answers = this.#members.get(userId);
    if (answers) this.#members.delete(userId);
    else answers = new Map();
    // Re-inserted, so the Map's insertion order is the order of last use.
    this.#members.set(userId, answers);
    if (this.#members.size > MAX_MEMBERS) this.#members.delete(this.#members.keys().next().value as number);
    return remembered(answers, question, read);
  }

  /** Whether the group buy completed, read once by `read`. */
  completion(threadId: number, read: () => Promise<boolean>): Promise<boolean> {
    return remembered(this.#completions, String(threadId), read);
  }

  forgetMember(userId: number): void {
    this.#members.delete(userId);
  }

  forgetThread(threadId: number): void {
    this.#completions.delete(String(threadId));
  }

  /** After a restore, nothing remembered is known to be true. */
  forgetAll(): void {
    this.#members.clear();
    this.#completions.clear();
  }
}

function remembered(answers: Answers, key: string, read: () => Promise<boolean>): Promise<boolean> {
  const known = answers.get(key);
  if (known) return known;
  const answer = read();
  answers.set(key, answer);
  // A failed read is not an answer: the next ask reads again.
  answer.catch(() => {
    if (answers.get(key) === answer) answers.delete(key);
  });
  return answer;
}
