import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { cuttableClient } from '../test/cut-connection.ts';
import { claimEach } from './at-once.ts';
import { isDatabaseUnavailable } from './availability.ts';
import { insertDocument, writeById } from './write-batches.ts';

let app: App;

beforeAll(async () => {
  app = await createTestApp();
});

/** How long a command may take to fail once its connection is gone: server selection gives up after 0.5 s here. */
const FAILS_WITHIN_MS = 3000;

describe('a database lost under commands', () => {
  it('fails a command sent on a connection whose socket has just closed, rather than wait for it forever', async () => {
    const { db, cut } = await cuttableClient(app);
    const tallies = db.collection('losttallies');
    // A few pooled connections, idle when the database goes.
    await Promise.all(Array.from({ length: 5 }, () => tallies.findOne({})));
    const answers: Promise<string>[] = [];
    // A command each turn of the event loop, so that one is sent in the turn the sockets read their end and before
    // their 'close' events: unpatched, the driver wrote it, got `false`, and waited for a 'drain' that never came
    // (patches/README.md).
    const sendEachTurn = (turns: number) => {
      if (turns === 0) return;
      answers.push(
        tallies.findOne({ _id: 'x' as never }).then(
          () => 'answered',
          (error: Error) => error.name,
        ),
      );
      setImmediate(() => sendEachTurn(turns - 1));
    };
    const cutting = cut();
    sendEachTurn(200);
    await cutting;
    await expect.poll(() => answers.length).toBe(200);
    const late = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), FAILS_WITHIN_MS).unref());
    expect(await Promise.race([Promise.all(answers), late])).not.toBe('hung');
  });

  // The driver reports a lost connection as a bulk write error with no refused write: read as "none refused", every
  // write of the batch answered as stored, and a request went on to its next write, 5 s at a time.
  it('fails every write sent together, as the database being unavailable, and stores none', async () => {
    const { db, cut } = await cuttableClient(app);
    const tallies = db.collection('losttallies');
    await insertDocument({ collection: tallies } as never, { _id: 'before-the-cut', count: 1 });
    await cut();
    const answers = await Promise.allSettled(
      [1, 2, 3].map((i) => writeById(tallies, { insertOne: { document: { _id: `lost-${i}`, count: i } } })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe('rejected');
      expect(isDatabaseUnavailable((answer as PromiseRejectedResult).reason)).toBe(true);
    }
    await expect(claimEach({ collection: tallies } as never, ['lost-claim'])).rejects.toSatisfy(isDatabaseUnavailable);
    // Read back through the app's own connection, which was never cut.
    const stored = await app.mongo
      .collection('losttallies')
      .find({ _id: { $in: ['before-the-cut', 'lost-1', 'lost-2', 'lost-3', 'lost-claim'] } } as never)
      .toArray();
    expect(stored.map((tally) => tally._id)).toEqual(['before-the-cut']);
  });
});
