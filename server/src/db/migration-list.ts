import type { Migration } from './migrations.ts';

/** Every migration, oldest first. Append new ones at the end; never rename or reorder one that shipped. */
export const MIGRATIONS: readonly Migration[] = [];
