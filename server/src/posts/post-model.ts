import { Schema } from 'mongoose';

export interface PostRecord {
  id: number;
  threadId: number;
  authorId: number;
  content: string;
  createdAt: Date;
  updatedAt: Date;
}

export const postSchema = new Schema<PostRecord>(
  {
    id: { type: Number, required: true, unique: true },
    threadId: { type: Number, required: true },
    authorId: { type: Number, required: true },
    content: { type: String, required: true },
  },
  { id: false, timestamps: true },
);
postSchema.index({ threadId: 1, id: 1 });
