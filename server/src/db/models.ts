import type { Connection } from 'mongoose';

/** Every collection, bound to one connection. Each domain adds its model here. */
export function registerModels(_connection: Connection) {
  return {};
}
export type Models = ReturnType<typeof registerModels>;
