import { ADMIN_TEXT, CONSOLE_TEXT, PAGE_TEXT, TIMINGS, VALIDATION } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { callsTo, json } from '../testing/mock-api.ts';
import { aModerator, renderConsole } from '../testing/render-console.tsx';

configure({ asyncUtilTimeout: 10_000 });

const lastToast = () => useToastStore.getState().toasts.at(-1);
const backupFile = (name = 'enclave-backup.json') =>
  new File(['{"manifest":{}}'], name, { type: name.endsWith('.json') ? 'application/json' : 'text/plain' });

async function chooseFile(user: Awaited<ReturnType<typeof renderConsole>>['user'], file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
}

const progressValue = () => screen.getByRole('progressbar').getAttribute('aria-valuenow');

describe('the database tab', { timeout: 30_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('tells a moderator that only administrators manage the database', async () => {
    await renderConsole('database', {}, { user: aModerator() });
    expect(await screen.findByRole('heading', { name: PAGE_TEXT.accessDenied })).toBeTruthy();
    expect(screen.getByText(PAGE_TEXT.databaseAdminOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download Backup' })).toBeNull();
  });

  it('fetches the backup, hands the file to the browser, and says Backup Created no earlier than 2 s after', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const startedAt = Date.now();
    const { user } = await renderConsole('database', {
      'GET /api/admin/database/backup': () =>
        new Response('{"manifest":{}}', {
          headers: { 'Content-Disposition': 'attachment; filename="enclave-backup-2026.json"' },
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Backup' }));
    expect(screen.getByRole('progressbar', { name: 'Creating the backup…' })).toBeTruthy();
    await waitFor(() => expect(lastToast()?.title).toBe(CONSOLE_TEXT.backupCreated), {
      timeout: TIMINGS.backupToast + 1000,
    });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(TIMINGS.backupToast);
    expect(saved).toEqual(['enclave-backup-2026.json']);
    expect(lastToast()?.description).toBe(CONSOLE_TEXT.backupSaved('enclave-backup-2026.json'));
  });

  it("says 'Backup Failed' with the server's message when it refuses, and saves nothing", async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = await renderConsole('database', {
      'GET /api/admin/database/backup': json({ message: 'The disk is full', code: 'INTERNAL' }, 500),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Backup' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: CONSOLE_TEXT.backupFailed, description: 'The disk is full' }),
    );
    expect(click).not.toHaveBeenCalled();
  });

  it("says 'Backup Failed' with the spec's text when the request cannot be made", async () => {
    const { user } = await renderConsole('database', {
      'GET /api/admin/database/backup': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Backup' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: CONSOLE_TEXT.backupFailed, description: ADMIN_TEXT.backupFailed }),
    );
  });

  it.each([
    ['no file', null],
    ['a file that is not .json', backupFile('notes.txt')],
  ])("refuses to restore with %s: 'No File Selected'", async (_, file) => {
    const { user, fetchMock } = await renderConsole('database');
    await screen.findByRole('button', { name: 'Restore Database' });
    if (file) await chooseFile(user, file);
    await user.click(screen.getByRole('button', { name: 'Restore Database' }));
    expect(lastToast()).toMatchObject({ title: CONSOLE_TEXT.noFileSelected, description: VALIDATION.noFileSelected });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/admin/database/restore')).toHaveLength(0);
  });

  it('restores after a confirmation: progress steps by 10 until the server reports, then follows the server', async () => {
    let answer: (response: Response) => void = () => {};
    const { user, push, fetchMock } = await renderConsole('database', {
      'POST /api/admin/database/restore': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await chooseFile(user, backupFile());
    expect(screen.getByText('enclave-backup.json')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restore Database' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));

    const body = callsTo(fetchMock, 'POST /api/admin/database/restore')[0]?.body as FormData;
    expect((body.get('backup') as File).name).toBe('enclave-backup.json');
    await waitFor(() => expect(progressValue()).toBe('10'), { timeout: 2000 });
    await waitFor(() => expect(progressValue()).toBe('20'), { timeout: 2000 });

    push('restore:progress', { percent: 65 });
    expect(progressValue()).toBe('65');
    await new Promise((resolve) => setTimeout(resolve, TIMINGS.restoreProgressStep * 2));
    expect(progressValue()).toBe('65');

    answer(
      Response.json({
        message: 'Database restored: 120 documents in 9 collections',
        counts: {},
        automaticBackup: 'pre-restore.json',
      }),
    );
    await waitFor(() => expect(lastToast()?.title).toBe('Database Restored'));
    expect(progressValue()).toBe('100');
  });

  it("says 'Restore Failed' with the server's message", async () => {
    const { user } = await renderConsole('database', {
      'POST /api/admin/database/restore': json({ message: ADMIN_TEXT.restoreNotBackup, code: 'BAD_REQUEST' }, 400),
    });
    await chooseFile(user, backupFile());
    await user.click(screen.getByRole('button', { name: 'Restore Database' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: CONSOLE_TEXT.restoreFailed,
        description: ADMIN_TEXT.restoreNotBackup,
      }),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("falls back to 'Failed to restore database' when there is no server message", async () => {
    const { user } = await renderConsole('database', {
      'POST /api/admin/database/restore': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await chooseFile(user, backupFile());
    await user.click(screen.getByRole('button', { name: 'Restore Database' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: CONSOLE_TEXT.restoreFailed, description: ADMIN_TEXT.restoreFailed }),
    );
  });
});
