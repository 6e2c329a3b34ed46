import type { MessageList, Post, Thread } from '@enclave/protocol';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MESSAGES_QUERY_KEY } from '../messages/message-cache.ts';
import { repliesKey, threadKey } from '../thread/thread-queries.ts';
import { applyReactionChange, toggled, updateReactions } from './reaction-cache.ts';

const post = (id: number, reactions?: Post['reactions']) => ({ id, threadId: 7, reactions }) as Post;

function cached() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(threadKey(7), {
    id: 7,
    reactions: { counts: { heart: 2 }, mine: ['heart'] },
  } as unknown as Thread);
  queryClient.setQueryData<InfiniteData<Post[], number>>(repliesKey(7), {
    pages: [[post(70), post(71, { counts: { laugh: 1 }, mine: [] })]],
    pageParams: [0],
  });
  queryClient.setQueryData(MESSAGES_QUERY_KEY, {
    inbox: [{ id: 5 }],
    sent: [],
    unreadCount: 0,
    nextCursor: { inbox: null, sent: null },
  } as unknown as MessageList);
  return queryClient;
}

const replies = (queryClient: QueryClient) =>
  queryClient.getQueryData<InfiniteData<Post[], number>>(repliesKey(7))?.pages[0];

describe('the reactions in the caches', () => {
  it('toggle the viewer’s own kind at once, on the thread, a reply and a message', () => {
    const queryClient = cached();
    updateReactions(queryClient, { target: 'thread', id: 7, threadId: 7 }, toggled('heart', false));
    expect(queryClient.getQueryData<Thread>(threadKey(7))?.reactions).toEqual({ counts: { heart: 1 }, mine: [] });
    updateReactions(queryClient, { target: 'post', id: 70, threadId: 7 }, toggled('thumbsUp', true));
    expect(replies(queryClient)?.[0]?.reactions).toEqual({ counts: { thumbsUp: 1 }, mine: ['thumbsUp'] });
    expect(replies(queryClient)?.[1]?.reactions).toEqual({ counts: { laugh: 1 }, mine: [] });
    updateReactions(queryClient, { target: 'message', id: 5, threadId: null }, toggled('party', true));
    expect(queryClient.getQueryData<MessageList>(MESSAGES_QUERY_KEY)?.inbox[0]?.reactions?.mine).toEqual(['party']);
  });

  it('take pushed counts newest first, keeping the viewer’s own kinds while anyone has them', () => {
    const queryClient = cached();
    const push = (version: number, counts: Record<string, number>) =>
      applyReactionChange(queryClient, { target: 'thread', id: 7, threadId: 7, counts, version });
    push(3, { heart: 3 });
    push(2, { heart: 1 });
    expect(queryClient.getQueryData<Thread>(threadKey(7))?.reactions).toEqual({
      counts: { heart: 3 },
      mine: ['heart'],
    });
    push(4, { laugh: 1 });
    expect(queryClient.getQueryData<Thread>(threadKey(7))?.reactions).toEqual({ counts: { laugh: 1 }, mine: [] });
  });
});
