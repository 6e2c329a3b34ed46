import { Schema } from 'mongoose';
import { itemsReadByKey, type ListItem, listItemFields } from './list-item.ts';

/**
 * A snapshot's manifest (`snapshots.ts`): item n of the keyed list `snapshot:{name}`, written after its chunks. A
 * module of its own, importing nothing of storage's functions, so `storage-models.ts` can declare it.
 */
export interface SnapshotManifest extends ListItem {
  /** Null: dropped (a restore), until the next snapshot. */
  gen: string | null;
  chunks: number;
  bytes: number;
  at: Date;
  /** What the writer records beside the bytes (where its journal stood). */
  meta: Record<string, unknown>;
}

export const snapshotManifestSchema = itemsReadByKey(
  new Schema<SnapshotManifest>(
    {
      ...listItemFields,
      gen: { type: String, default: null },
      chunks: { type: Number, required: true },
      bytes: { type: Number, required: true },
      at: { type: Date, required: true },
      meta: { type: Schema.Types.Mixed, default: {} },
    },
    { versionKey: false, minimize: false },
  ),
);
