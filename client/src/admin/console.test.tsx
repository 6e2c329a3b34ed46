import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aReport } from '../testing/admin.ts';
import { json } from '../testing/mock-api.ts';
import { aModerator, renderConsole } from '../testing/render-console.tsx';
import { openSelect } from '../testing/select.ts';
import { aThread } from '../testing/thread-fixtures.ts';

configure({ asyncUtilTimeout: 10_000 });

const statsCalls = (fetchMock: { mock: { calls: [RequestInfo | URL, RequestInit?][] } }) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/admin/stats'));

describe('the admin console header and navigation', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the real counts for the last 7 days by default, and asks again for another range', async () => {
    const { fetchMock, user } = await renderConsole('users');
    expect(await screen.findByText('1,234')).toBeTruthy();
    expect(screen.getByText('+56 new · last 7 days')).toBeTruthy();
    expect(screen.getByText('789')).toBeTruthy();
    expect(screen.getByText('4,321')).toBeTruthy();
    expect(screen.getByText('98')).toBeTruthy();
    expect(screen.getByText('45,000 coins sold · last 7 days')).toBeTruthy();
    expect(statsCalls(fetchMock)).toEqual(['/api/admin/stats?range=7d']);

    await openSelect(user, () => screen.getByRole('button', { name: /Time range/ }));
    await user.click(await screen.findByRole('option', { name: 'Last 30 days' }));
    await waitFor(() => expect(statsCalls(fetchMock)).toContain('/api/admin/stats?range=30d'));
  });

  it('has a Back to Forum link and only Users, Content and Reports in the tab bar', async () => {
    await renderConsole('users');
    expect(screen.getByRole('link', { name: 'Back to Forum' }).getAttribute('href')).toBe('/');
    const tabs = within(screen.getByRole('navigation', { name: 'Console tabs' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Users', 'Content', 'Reports']);
    expect(tabs[0]?.getAttribute('aria-current')).toBe('page');
  });

  it('reaches every other panel from the staff tools, with live counts of the queues', async () => {
    const { user, router } = await renderConsole('users', {
      'GET /api/admin/unapproved-threads': json([aThread({ isApproved: false })]),
      'GET /api/admin/reports': json([aReport(), aReport({ id: 6 })]),
    });
    expect(await screen.findByRole('img', { name: '2 open' })).toBeTruthy();
    const tools = screen.getByRole('navigation', { name: 'Staff tools' });
    expect(await within(tools).findByRole('img', { name: '1 pending' })).toBeTruthy();
    // On phones the chips fold behind a button that says what it opens (CSS shows one or the other by width).
    const toggle = screen.getByRole('button', { name: /Staff tools/ });
    expect(toggle.getAttribute('aria-controls')).toBe(tools.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(tools.hasAttribute('data-open')).toBe(true);
    expect(
      within(tools)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Approval Queue1', 'Thread Moderation', 'User Moderation', 'Categories', 'Settings', 'Database']);

    await user.click(within(tools).getByRole('link', { name: /Approval Queue/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'threads' }));
    expect(await screen.findByRole('heading', { name: 'Threads Pending Approval' })).toBeTruthy();
  });

  it('offers a moderator only the tools whose calls a moderator may make', async () => {
    await renderConsole('users', {}, { user: aModerator() });
    const tools = screen.getByRole('navigation', { name: 'Staff tools' });
    const names = within(tools)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(['Approval Queue', 'Thread Moderation', 'User Moderation', 'Settings']);
  });
});
