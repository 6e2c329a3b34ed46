import { LIMITS } from '@enclave/protocol';

/** Spec 000 §5: tags are trimmed, lowercased and never repeated; a comma separates several. */
export function addTags(tags: readonly string[], input: string): string[] {
  const next = [...tags];
  for (const part of input.split(',')) {
    const tag = part.trim().toLowerCase();
    if (tag && !next.includes(tag) && next.length < LIMITS.tagsMax) next.push(tag);
  }
  return next;
}
