import { api, LIMITS } from '@enclave/protocol';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useDebouncedValue } from '../components/use-debounced-value.ts';

/** How long typing pauses before the names it starts are asked for. */
const SUGGEST_AFTER_MS = 200;

/**
 * The members whose names start with what is typed, from the second letter on (the server leaves out whoever
 * hides their profile: they are added by their exact name). Narrowed here to the text as it is now, so a slower
 * answer for fewer letters never offers a name that no longer fits. `isAsking` while there is text enough to
 * ask with; `isLooking` until the answer for the text as it is now has come.
 */
export function useMemberSuggestions(text: string) {
  const typed = text.trim().toLowerCase();
  const prefix = useDebouncedValue(typed, SUGGEST_AFTER_MS);
  const query = useQuery({
    queryKey: ['member-suggestions', prefix],
    queryFn: ({ signal }) => call(api.memberSuggestions, { query: { prefix }, signal, silent: true }),
    enabled: prefix.length >= LIMITS.memberSuggestionPrefixMin,
    placeholderData: keepPreviousData,
  });
  const isAsking = typed.length >= LIMITS.memberSuggestionPrefixMin;
  const found = isAsking ? (query.data ?? []) : [];
  return {
    isAsking,
    isLooking: isAsking && (prefix !== typed || query.isPlaceholderData || query.isPending),
    found: found.filter((member) => member.username.toLowerCase().startsWith(typed)),
  };
}
