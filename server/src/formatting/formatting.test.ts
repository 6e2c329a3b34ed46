import { api, ErrorCode, LIMITS, type Message, type Post, type Thread } from '@enclave/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { replyModels } from '../replies/models.ts';
import { writeReply } from '../replies/replies.ts';
import { repliesList } from '../replies/reply-model.ts';
import { byNumericId, readItem } from '../storage/index.ts';
import { createTestApp } from '../test/app.ts';
import { TestClient } from '../test/client.ts';
import { createMember } from '../test/factories.ts';
import { aThread } from '../test/forum.ts';
import { threadModels } from '../threads/models.ts';
import { userModels } from '../users/models.ts';
import type { UserRecord } from '../users/user-model.ts';
import { plainTextAsHtml } from './plain-text.ts';

let app: App;
let author: UserRecord;
let writer: TestClient;

beforeAll(async () => {
  app = await createTestApp();
  ({ user: author } = await createMember(app));
  ({ client: writer } = await createMember(app));
});

/** A reply through the route (by a new member each time: one may reply once every 10 seconds), as the page lists it. */
async function posted(content: string): Promise<Post> {
  const thread = await aThread(app, author);
  const { client } = await createMember(app);
  const response = await client.call(api.reply, { params: { id: thread.id }, body: { content } });
  expect(response.statusCode).toBe(201);
  const [listed] = (await new TestClient(app).call(api.posts, { params: { id: thread.id } })).json() as Post[];
  expect(listed?.cooked).toBe((response.json() as Post).cooked);
  return listed as Post;
}

const storedReply = (post: Post) => readItem(replyModels(app).Reply, repliesList(post.threadId), post.number);

describe('cooking', () => {
  it('renders CommonMark and GFM: headings, emphasis, strikethrough, lists, task lists, tables, code, quotes', async () => {
    const { cooked } = await posted(
      [
        '## Plan',
        '**bold** _em_ ~~gone~~ `code`',
        '1. one\n2. two',
        '- [x] done\n- [ ] todo',
        '| left | mid | right |\n|:--|:-:|--:|\n| a | b | c |',
        '```ts\nconst x = 1 < 2;\n```',
        '> quoted',
        'first line\nsecond line',
      ].join('\n\n'),
    );
    expect(cooked).toContain('<h2>Plan</h2>');
    expect(cooked).toContain('<strong>bold</strong> <em>em</em> <s>gone</s> <code>code</code>');
    expect(cooked).toContain('<ol>\n<li>one</li>');
    expect(cooked).toContain(
      '<input type="checkbox" class="task-list-item-checkbox" disabled checked aria-label="Done" />done',
    );
    expect(cooked).toContain(
      '<input type="checkbox" class="task-list-item-checkbox" disabled aria-label="Not done" />todo',
    );
    expect(cooked).toContain('<div class="table-scroll" tabindex="0" role="region" aria-label="Table">\n<table>');
    expect(cooked).toContain('<th class="align-left">left</th>\n<th class="align-center">mid</th>');
    expect(cooked).toContain('<td class="align-right">c</td>');
    expect(cooked).toContain('<pre tabindex="0"><code class="language-ts">const x = 1 &lt; 2;\n</code></pre>');
    expect(cooked).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    // A single newline stays a line break, as plain text read.
    expect(cooked).toContain('<p>first line<br />\nsecond line</p>');
    expect(cooked).not.toMatch(/style=|id=/);
  });

  it('links addresses with rel nofollow ugc noopener, and autolinks www. hosts and emails but not file names', async () => {
    const { cooked } = await posted('[docs](https://example.org/a) www.example.com me@example.org readme.md /thread/1');
    expect(cooked).toContain('<a href="https://example.org/a" rel="nofollow ugc noopener">docs</a>');
    expect(cooked).toContain('<a href="http://www.example.com" rel="nofollow ugc noopener">www.example.com</a>');
    expect(cooked).toContain('<a href="mailto:me@example.org" rel="nofollow ugc noopener">me@example.org</a>');
    expect(cooked).toContain(' readme.md /thread/1</p>');
    const local = await posted('[the reply](/thread/3#reply-2)');
    expect(local.cooked).toBe('<p><a href="/thread/3#reply-2" rel="nofollow ugc noopener">the reply</a></p>');
  });

  it('shows images from this site only: another site’s image becomes a link to it', async () => {
    const { cooked } = await posted(
      '![me](/api/users/1/picture) ![far](https://images.example/x.png) ![p](//images.example/y.png)',
    );
    expect(cooked).toContain('<img src="/api/users/1/picture" alt="me" />');
    expect(cooked).toContain('<a href="https://images.example/x.png" rel="nofollow ugc noopener">far</a>');
    expect(cooked).not.toContain('images.example/y.png');
    expect(cooked.match(/<img/g)).toHaveLength(1);
  });

  it('keeps the plain text only where it differs from the source, and cooks plain text as records before it read', async () => {
    const plain = 'Just words.\nOn two lines.\n\nAnd a second paragraph & <angle> brackets';
    const post = await posted(plain);
    expect(post.cooked).toBe(plainTextAsHtml(plain));
    const stored = await storedReply(post);
    expect(stored).toMatchObject({ content: plain, cooked: post.cooked, mentions: [] });
    expect(stored).not.toHaveProperty('text');
    const marked = await storedReply(await posted('**Loud** [words](https://example.org)'));
    expect(marked?.text).toBe('Loud words');
  });
});

describe('records written before cooking', () => {
  it('read as their plain text did: escaped, with their line breaks', async () => {
    const thread = await aThread(app, author);
    // As a reply was stored before: no cooked HTML, no mentions, a source that is plain text.
    const legacy = await writeReply(app, {
      threadId: thread.id,
      authorId: author.id,
      content: 'Old <b>text</b> **as typed**\nnext line',
    } as Parameters<typeof writeReply>[1]);
    const [post] = (await new TestClient(app).call(api.posts, { params: { id: thread.id } })).json() as Post[];
    expect(post).toMatchObject({ id: legacy.id, content: 'Old <b>text</b> **as typed**\nnext line' });
    expect(post?.cooked).toBe('<p>Old &lt;b&gt;text&lt;/b&gt; **as typed**<br />\nnext line</p>');
  });

  it('threads too, on the page and in lists', async () => {
    const thread = await aThread(app, author, { content: 'Before **cooking**' });
    await threadModels(app).Thread.updateOne(byNumericId(thread.id), { $unset: { cooked: 1, text: 1, mentions: 1 } });
    app.changes.tell({ kind: 'thread', id: thread.id });
    const page = (await new TestClient(app).call(api.thread, { params: { id: thread.id } })).json() as Thread;
    expect(page.cooked).toBe('<p>Before **cooking**</p>');
  });
});

describe('plain text', () => {
  it('is what lists show and search matches: the words, not the markup', async () => {
    const word = `zqlink${Date.now()}`;
    const thread = await aThread(app, author, {
      content: `**Bold** move, see [the ${word} page](https://example.org)`,
    });
    const visitor = new TestClient(app);
    const page = (await visitor.call(api.thread, { params: { id: thread.id } })).json() as Thread;
    expect(page.content).toBe(`**Bold** move, see [the ${word} page](https://example.org)`);
    expect(page.cooked).toContain('<strong>Bold</strong>');
    const search = async (q: string) =>
      ((await visitor.call(api.threads, { query: { q } })).json() as Thread[]).find((t) => t.id === thread.id);
    const listed = await search(word);
    expect(listed?.content).toBe(`Bold move, see the ${word} page`);
    expect(listed).not.toHaveProperty('cooked');
    expect(await search(`bold move, see the ${word}`)).toBeDefined();
    expect(await search(`${word}](https`)).toBeUndefined();
    expect(await search(`strong>bold`)).toBeUndefined();
  });

  it('is what staff read in a report', async () => {
    const post = await posted('A **shouted** claim');
    const { client: reporter } = await createMember(app);
    const report = await reporter.call(api.createReport, {
      body: { contentType: 'post', contentId: post.id, reason: 'Shouting' },
    });
    expect(report.json()).toMatchObject({ contentText: 'A shouted claim' });
  });
});

describe('mentions', () => {
  it('link a live member’s @name to their page, outside code and links, and are kept on the reply', async () => {
    const { user: named } = await createMember(app);
    const { user: gone } = await createMember(app);
    const { cooked } = await posted(
      `Hi @${named.username.toUpperCase()}, and @nobody_here. \`@${named.username}\` [@${named.username}](https://example.org) @${gone.username}`,
    );
    expect(cooked).toContain(
      `Hi <a href="/member/${named.id}" class="mention" rel="nofollow ugc noopener">@${named.username}</a>, and @nobody_here.`,
    );
    expect(cooked).toContain(`<code>@${named.username}</code>`);
    expect(cooked.match(/class="mention"/g)).toHaveLength(2);
  });

  it('link a name at a sentence’s end without its full stop, and a deleted member not at all', async () => {
    const { user: named } = await createMember(app);
    const { user: deleted } = await createMember(app);
    // Deleted as the account deletion leaves a member: the name no longer names anyone who may be linked.
    await userModels(app).User.updateOne(byNumericId(deleted.id), { $set: { deletedAt: new Date() } });
    app.changes.tell({ kind: 'member', id: deleted.id });
    await app.members.current();
    const post = await posted(`Thanks @${named.username}. And @${deleted.username}.`);
    expect(post.cooked).toContain(
      `<a href="/member/${named.id}" class="mention" rel="nofollow ugc noopener">@${named.username}</a>.`,
    );
    expect(post.cooked).toContain(`And @${deleted.username}.</p>`);
    expect((await storedReply(post))?.mentions).toEqual([named.id]);
  });

  it(`are bounded: fifty names link and record the first ${LIMITS.mentionsPerText}, the rest stay text`, async () => {
    const members = await Promise.all(Array.from({ length: 50 }, () => createMember(app)));
    const post = await posted(members.map(({ user }) => `@${user.username}`).join(' '));
    const mentioned = members.slice(0, LIMITS.mentionsPerText).map(({ user }) => user.id);
    expect((await storedReply(post))?.mentions).toEqual(mentioned);
    expect(post.cooked.match(/class="mention"/g)).toHaveLength(LIMITS.mentionsPerText);
  });

  it('are told with the reply and the message (the mentions helper’s events)', async () => {
    const { user: named } = await createMember(app);
    const seen: { reply?: number[]; message?: number[] } = {};
    app.events.on('reply.created', ({ mentions }) => {
      seen.reply = mentions;
    });
    app.events.on('message.sent', ({ mentions }) => {
      seen.message = mentions;
    });
    await posted(`@${named.username} look`);
    const sent = await writer.call(api.sendMessage, {
      body: { recipientId: named.id, content: `Hey @${named.username}, *here*` },
    });
    expect(sent.statusCode).toBe(201);
    expect((sent.json() as Message).cooked).toBe(
      `<p>Hey <a href="/member/${named.id}" class="mention" rel="nofollow ugc noopener">@${named.username}</a>, <em>here</em></p>`,
    );
    expect(seen).toEqual({ reply: [named.id], message: [named.id] });
  });

  it('are kept on a thread and cooked again by an admin edit', async () => {
    const { user: first } = await createMember(app);
    const { user: second } = await createMember(app);
    const { client: admin } = await createMember(app, { isAdmin: true });
    const thread = await aThread(app, author, { content: `Ask @${first.username} **now**` });
    const stored = async () => threadModels(app).Thread.findOne(byNumericId(thread.id)).lean();
    expect(await stored()).toMatchObject({ mentions: [first.id], text: `Ask @${first.username} now` });
    const edited = await admin.call(api.editThread, {
      params: { id: thread.id },
      body: { content: `Ask @${second.username} later` },
    });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Thread).cooked).toContain(`href="/member/${second.id}"`);
    const after = await stored();
    expect(after).toMatchObject({ mentions: [second.id], content: `Ask @${second.username} later` });
    expect(after).not.toHaveProperty('text');
  });
});

describe('the preview route', () => {
  it('is for members: a visitor gets 401', async () => {
    const response = await new TestClient(app).call(api.preview, { body: { content: '**hi**' } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an empty draft', async () => {
    const response = await writer.call(api.preview, { body: { content: '   ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ErrorCode.Validation });
  });

  it('cooks as a write would, mentions linked, storing and telling nothing', async () => {
    const { user: named, client: namedClient } = await createMember(app);
    const told: unknown[] = [];
    app.events.on('reply.created', (event) => told.push(event));
    const response = await writer.call(api.preview, { body: { content: `**Hi** @${named.username}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cooked: `<p><strong>Hi</strong> <a href="/member/${named.id}" class="mention" rel="nofollow ugc noopener">@${named.username}</a></p>`,
    });
    await app.settled();
    expect(told).toEqual([]);
    const notifications = await namedClient.call(api.notifications);
    expect(notifications.json()).toMatchObject({ notifications: [] });
  });
});
