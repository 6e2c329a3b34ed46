import Type from 'typebox';
import { route } from './contract.ts';
import { endpoints } from './endpoints.ts';
import { LIMITS } from './limits.ts';
import { VALIDATION } from './ui-texts.ts';

/** The longest text any write takes (a thread's content): a preview takes no more. */
const longestContent = Math.max(LIMITS.threadContentMax, LIMITS.replyMax, LIMITS.messageMax);

/** A draft to show as it will read once written (the editor's Preview tab). */
export const PreviewBody = Type.Object({
  content: Type.String({
    minLength: 1,
    maxLength: longestContent,
    pattern: '\\S',
    errorMessage: VALIDATION.contentRequired,
  }),
});
export type PreviewBody = Type.Static<typeof PreviewBody>;

/** The draft cooked exactly as a write would cook it (mentions linked): sanitized HTML, stored nowhere. */
export const PreviewReply = Type.Object({ cooked: Type.String() });
export type PreviewReply = Type.Static<typeof PreviewReply>;

export const formattingRoutes = {
  preview: route({
    ...endpoints.preview,
    summary: 'A draft as it will read: Markdown cooked to sanitized HTML; members only, stores nothing, tells no one',
    body: PreviewBody,
    response: { 200: PreviewReply },
  }),
};
