import { ReadModel } from '../read-models/read-model.ts';
import { findByNumericId } from '../storage/index.ts';
import type { CategoryRecord } from './category-model.ts';
import { categoryModels } from './models.ts';

/** The handful of categories every page names, in memory; staff changes re-read the one they touched. */
export class CategoryDirectory extends ReadModel<CategoryRecord> {
  protected readAll(): Promise<CategoryRecord[]> {
    return categoryModels(this.app).Category.find().lean<CategoryRecord[]>();
  }

  protected readOne(id: number): Promise<CategoryRecord | null> {
    return findByNumericId(categoryModels(this.app).Category, id);
  }

  protected stored(): void {}

  protected dropped(): void {}

  /** Every category, by id. */
  async all(): Promise<CategoryRecord[]> {
    await this.current();
    return [...this.byId.values()].sort((a, b) => a.id - b.id);
  }

  async find(id: number): Promise<CategoryRecord | undefined> {
    await this.current();
    return this.get(id);
  }
}
