import type { mongo } from 'mongoose';
import type { App } from '../app.ts';

/** A command that reads or writes by a filter other than one `_id` equality: a collection scan on FerretDB. */
export interface Scan {
  command: string;
  collection: string;
  filter: unknown;
}

const FILTERS: Record<string, (body: Record<string, unknown>) => unknown[]> = {
  find: (body) => [body.filter ?? {}],
  count: (body) => [body.query ?? {}],
  distinct: (body) => [body.query ?? {}],
  aggregate: (body) => [body.pipeline],
  findAndModify: (body) => [body.query ?? {}],
  update: (body) => ((body.updates as { q: unknown }[]) ?? []).map((update) => update.q),
  delete: (body) => ((body.deletes as { q: unknown }[]) ?? []).map((deletion) => deletion.q),
};

const isPlain = (value: unknown) =>
  typeof value !== 'object' || value === null || !Object.keys(value).some((key) => key.startsWith('$'));

/**
 * `{ _id: value }` with a plain value (not a range), or `{ _id: { $in: [plain values] } }`: the filters the embedded
 * FerretDB (as patched, storage/ferretdb.ts) answers from the `_id` index, one lookup per id.
 */
function isPointRead(filter: unknown): boolean {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return false;
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== '_id') return false;
  const value = (filter as { _id: unknown })._id;
  if (isPlain(value)) return true;
  const ids = (value as { $in?: unknown }).$in;
  return Object.keys(value as object).length === 1 && Array.isArray(ids) && ids.every(isPlain);
}

/**
 * Runs `work` and answers every command it sent that would scan a collection on the embedded
 * database: the proof that a route costs the size of its page, not the size of the forum.
 * `allowed` names collections that may be scanned (small ones holding only unfinished work).
 */
export async function scansDuring(app: App, work: () => Promise<unknown>, allowed: string[] = []): Promise<Scan[]> {
  const client = app.mongo.getClient();
  const scans: Scan[] = [];
  const listener = (event: mongo.CommandStartedEvent) => {
    const filters = FILTERS[event.commandName];
    if (!filters) return;
    const collection = String(event.command[event.commandName]);
    if (allowed.includes(collection)) return;
    for (const filter of filters(event.command)) {
      if (!isPointRead(filter)) scans.push({ command: event.commandName, collection, filter });
    }
  };
  client.on('commandStarted', listener);
  try {
    await work();
  } finally {
    client.off('commandStarted', listener);
  }
  return scans;
}

/** Every command `work` sent to the database, by name and collection (`find threads`): what a request costs in round trips. */
export async function commandsDuring(app: App, work: () => Promise<unknown>): Promise<string[]> {
  const client = app.mongo.getClient();
  const commands: string[] = [];
  const listener = (event: mongo.CommandStartedEvent) =>
    commands.push(`${event.commandName} ${String(event.command[event.commandName])}`);
  client.on('commandStarted', listener);
  try {
    await work();
  } finally {
    client.off('commandStarted', listener);
  }
  return commands;
}

/**
 * How many round trips `work` made one after another: a command started after another's answer, with none under
 * way, begins the next (commands sent together are one).
 */
export async function roundTripsDuring(app: App, work: () => Promise<unknown>): Promise<number> {
  const client = app.mongo.getClient();
  let underWay = 0;
  let trips = 0;
  const started = () => {
    if (underWay === 0) trips++;
    underWay++;
  };
  const ended = () => {
    underWay--;
  };
  client.on('commandStarted', started);
  client.on('commandSucceeded', ended);
  client.on('commandFailed', ended);
  try {
    await work();
  } finally {
    client.off('commandStarted', started);
    client.off('commandSucceeded', ended);
    client.off('commandFailed', ended);
  }
  return trips;
}
