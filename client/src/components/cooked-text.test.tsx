import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../testing/render-with-router.tsx';
import { CookedText, plainTextOfCooked } from './cooked-text.tsx';

const COOKED =
  '<p>Ask <a href="/member/9" class="mention" rel="nofollow ugc noopener">@mira</a>, see ' +
  '<a href="/thread/3#reply-2" rel="nofollow ugc noopener">the reply</a> or ' +
  '<a href="https://example.org/" rel="nofollow ugc noopener">the site</a>.</p>\n<ul><li>one</li></ul>';

describe('CookedText', () => {
  it('shows the server’s cooked HTML as it is', async () => {
    renderWithRouter(<CookedText html={COOKED} />);
    const mention = await screen.findByRole('link', { name: '@mira' });
    expect(mention.getAttribute('href')).toBe('/member/9');
    expect(screen.getByRole('listitem').textContent).toBe('one');
  });

  it('opens links within the site with the router, and leaves other sites’ and modified clicks to the browser', async () => {
    const { router } = renderWithRouter(<CookedText html={COOKED} />);
    const external = await screen.findByRole('link', { name: 'the site' });
    expect(fireEvent.click(external)).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: '@mira' }), { ctrlKey: true })).toBe(true);
    expect(router.state.location.pathname).toBe('/');

    expect(fireEvent.click(screen.getByRole('link', { name: '@mira' }))).toBe(false);
    await expect.poll(() => router.state.location.pathname).toBe('/member/9');
    expect(fireEvent.click(screen.getByRole('link', { name: 'the reply' }))).toBe(false);
    await expect.poll(() => router.state.location.href).toBe('/thread/3#reply-2');
  });
});

describe('plainTextOfCooked', () => {
  it('reads the words of cooked HTML, for previews', () => {
    expect(plainTextOfCooked('<p><strong>Hi</strong> &amp; <a href="/member/2">@bo</a></p>')).toBe('Hi & @bo');
  });
});
