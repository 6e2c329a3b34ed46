import { domainModels } from '../storage/index.ts';
import { categorySchema } from './category-model.ts';

/** The categories domain's collections: only this domain reads or writes them. */
export const categoryModels = domainModels((connection) => ({
  Category: connection.model('Category', categorySchema),
}));
