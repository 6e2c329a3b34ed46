/** Runs at most `concurrency` tasks at once; the others wait their turn, in order. */
export function limit(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async add<T>(task: () => Promise<T>): Promise<T> {
      // A finished task hands its slot straight to the next one waiting.
      if (running < concurrency) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
