import { Schema } from 'mongoose';

export interface CategoryRecord {
  id: number;
  name: string;
  description: string;
  icon: string;
  color: string;
  isPremium: boolean;
  premiumCost: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export const categorySchema = new Schema<CategoryRecord>(
  {
    id: { type: Number, required: true, unique: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    /** One of CATEGORY_ICONS; the card shows its default icon for any other value. */
    icon: { type: String, required: true },
    color: { type: String, required: true },
    isPremium: { type: Boolean, default: false },
    premiumCost: { type: Number, default: null },
  },
  { id: false, timestamps: true },
);
