import type { FastifyInstance } from 'fastify';
import type { Model } from 'mongoose';

export interface BackedUpCollection {
  /** The MongoDB collection name, as it appears in a backup file. */
  name: string;
  model: Model<unknown>;
}

/** What a backup holds and a restore may write: the collections the app registered at start, nothing else. */
export function backedUpCollections(app: FastifyInstance): BackedUpCollection[] {
  return Object.values(app.mongo.models)
    .map((model) => ({ name: model.collection.collectionName, model: model as unknown as Model<unknown> }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
