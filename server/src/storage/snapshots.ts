import { randomBytes } from 'node:crypto';
import { mongo } from 'mongoose';
import type { Database, StorageContext } from './domain-models.ts';
import { deleteByIds } from './ids.ts';
import { intent } from './intents.ts';
import { append, headOf, readItem } from './keyed-list.ts';
import type { SnapshotManifest } from './snapshot-manifest.ts';
import { storageModels } from './storage-models.ts';

/*
 * A large value kept whole under a name (a read model's state, so that a start reads it instead of a collection):
 * its bytes in chunk documents under the 16 MB document limit, then a manifest naming them, written last, so a reader
 * never takes a half-written snapshot for one. Manifests are a keyed list per name (`snapshot:{name}`): the newest is
 * the head, and two writers at once are numbered by the unique `_id` like any append. The writer of manifest n
 * deletes manifest n - 1's chunks; a reader that finds a chunk gone (a newer snapshot replaced it meanwhile) reads the
 * new head again. The chunks are in a collection no model declares, so backups leave them out (they are a cache of
 * the documents a backup holds); a manifest without its chunks reads as no snapshot.
 */

/** Each chunk stays well under the 16 MB document limit (and FerretDB's encoding of it). */
const CHUNK_BYTES = 4 * 1024 * 1024;
const CHUNKS = 'snapshotchunks';

const listOf = (name: string) => `snapshot:${name}`;
const chunkId = (gen: string, i: number) => `${gen}#${i}`;
const chunkIds = (gen: string, chunks: number) => Array.from({ length: chunks }, (_, i) => chunkId(gen, i));
const chunksOf = (database: Database) =>
  database.mongo.collection(CHUNKS) as unknown as mongo.Collection<{ _id: string; data: mongo.Binary }>;

/** Chunks written before their manifest, until it is listed: a crash between leaves them for the start-up sweep. */
interface ChunksWriting {
  name: string;
  gen: string;
  chunks: number;
}
const chunksWriting = intent<ChunksWriting, StorageContext>('snapshot-chunks', async (app, { name, gen, chunks }) => {
  const manifests = storageModels(app).SnapshotManifest;
  const head = await headOf(app, manifests, listOf(name));
  const newest = await readItem<SnapshotManifest>(manifests, listOf(name), head);
  if (newest?.gen !== gen) await deleteByIds(chunksOf(app) as unknown as mongo.Collection, chunkIds(gen, chunks));
  else await dropChunksBefore(app, name, head);
});

async function dropChunksBefore(app: StorageContext, name: string, n: number): Promise<void> {
  const previous =
    n > 1 ? await readItem<SnapshotManifest>(storageModels(app).SnapshotManifest, listOf(name), n - 1) : null;
  if (previous?.gen)
    await deleteByIds(chunksOf(app) as unknown as mongo.Collection, chunkIds(previous.gen, previous.chunks));
}

/** The newest snapshot's manifest (null when none was written, or the newest was dropped). */
export async function snapshotManifest(app: StorageContext, name: string): Promise<SnapshotManifest | null> {
  const manifests = storageModels(app).SnapshotManifest;
  const head = await headOf(app, manifests, listOf(name));
  const newest = head > 0 ? await readItem<SnapshotManifest>(manifests, listOf(name), head) : null;
  return newest?.gen ? newest : null;
}

/** The newest snapshot, whole: null when there is none, or its chunks are gone (then the caller starts without it). */
export async function readSnapshot(
  app: StorageContext,
  name: string,
): Promise<{ data: Buffer; manifest: SnapshotManifest } | null> {
  // A newer snapshot may delete the chunks being read: its manifest is then the head, read again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const manifest = await snapshotManifest(app, name);
    if (!manifest?.gen) return null;
    const ids = chunkIds(manifest.gen, manifest.chunks);
    const found = new Map<string, Buffer>();
    // A few at a time: each is megabytes.
    for (let i = 0; i < ids.length; i += 4) {
      const read = await chunksOf(app)
        .find({ _id: { $in: ids.slice(i, i + 4) } })
        .toArray();
      for (const chunk of read) found.set(chunk._id, Buffer.from(chunk.data.value()));
    }
    if (found.size !== ids.length) continue;
    const data = Buffer.concat(ids.map((id) => found.get(id) as Buffer));
    if (data.length === manifest.bytes) return { data, manifest };
  }
  return null;
}

/**
 * Stores `data` as the newest snapshot under `name`: chunks first, the manifest (with `meta`) last, then the
 * previous snapshot's chunks are deleted. Answers the manifest's number.
 */
export async function writeSnapshot(
  app: StorageContext,
  name: string,
  data: Uint8Array,
  meta: Record<string, unknown>,
): Promise<number> {
  const gen = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
  const chunks = Math.max(1, Math.ceil(data.length / CHUNK_BYTES));
  await chunksWriting.begin(app, gen, { name, gen, chunks });
  for (let i = 0; i < chunks; i++) {
    const part = data.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES);
    await chunksOf(app).insertOne({ _id: chunkId(gen, i), data: new mongo.Binary(part) });
  }
  const manifest = await append<SnapshotManifest>(app, storageModels(app).SnapshotManifest, listOf(name), () => ({
    gen,
    chunks,
    bytes: data.length,
    at: new Date(),
    meta,
  }));
  await dropChunksBefore(app, name, manifest.n);
  await chunksWriting.done(app, gen);
  return manifest.n;
}

/**
 * Makes the newest snapshot under `name` none (after a restore: it describes other data), deleting its chunks; nothing
 * is written when there is none.
 */
export async function dropSnapshot(app: StorageContext, name: string, meta: Record<string, unknown> = {}) {
  if (!(await snapshotManifest(app, name))) return;
  const manifest = await append<SnapshotManifest>(app, storageModels(app).SnapshotManifest, listOf(name), () => ({
    gen: null,
    chunks: 0,
    bytes: 0,
    at: new Date(),
    meta,
  }));
  await dropChunksBefore(app, name, manifest.n);
}
