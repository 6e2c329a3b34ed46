import { Schema } from 'mongoose';

/** Per category id: its threads and their newest activity (creation or last reply), in ms. */
export type Tallies = Record<string, [count: number, newest: number]>;

export interface ActivitySnapshot {
  _id: string;
  /** What everyone sees (approved, not private). */
  open: Tallies;
  /** What staff see: every live thread. */
  all: Tallies;
}

/** The one snapshot's key. */
export const SNAPSHOT_ID = 'categories';

/**
 * The categories page's counts as a forum index last knew them: what that page shows in the seconds after a start,
 * before the index is loaded again (reading every thread takes seconds on FerretDB at 20,000). Written when a load
 * ends and then, as the page is read, at most once a minute while they change: a hint, as reply counts are, and a
 * member's private threads are not in it until the load ends.
 */
export const activitySnapshotSchema = new Schema<ActivitySnapshot>(
  { _id: String, open: Schema.Types.Mixed, all: Schema.Types.Mixed },
  { versionKey: false },
);
