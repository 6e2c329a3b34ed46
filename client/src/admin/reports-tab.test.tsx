import { CONSOLE_TEXT, REPORT_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { aReport } from '../testing/admin.ts';
import { callsTo, json } from '../testing/mock-api.ts';
import { renderConsole } from '../testing/render-console.tsx';

configure({ asyncUtilTimeout: 10_000 });

const report = aReport();
const resolved = (status: 'actioned' | 'dismissed', message: string) =>
  json({ message, report: { ...report, status, resolvedAt: '2026-03-06T10:00:00.000Z' } });
const lastToast = () => useToastStore.getState().toasts.at(-1);

describe('the reports tab', { timeout: 30_000 }, () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  // happy-dom has no window.confirm: each test stubs the browser's answer.
  afterEach(() => vi.unstubAllGlobals());

  it('shows each report with its reporter, reason, content and type', async () => {
    await renderConsole('reports', { 'GET /api/admin/reports': json([report]) });
    const card = await screen.findByRole('listitem', { name: 'Report 5' });
    expect(within(card).getByText('carol')).toBeTruthy();
    expect(within(card).getByText('Reason: Coin selling spam')).toBeTruthy();
    expect(within(card).getByText(report.contentText)).toBeTruthy();
    expect(within(card).getByText('Reply')).toBeTruthy();
    expect(within(card).getByRole('link', { name: CONSOLE_TEXT.viewThread }).getAttribute('href')).toBe('/thread/42');
  });

  it('takes action only after the browser confirm, then drops the report', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    let queue = [report];
    const { fetchMock, user } = await renderConsole('reports', {
      'GET /api/admin/reports': () => Response.json(queue),
      'POST /api/admin/reports/5/approve': (request) => {
        queue = [];
        return resolved('actioned', REPORT_TEXT.actioned)(request);
      },
    });
    const card = await screen.findByRole('listitem', { name: 'Report 5' });
    await user.click(within(card).getByRole('button', { name: CONSOLE_TEXT.takeAction }));
    expect(callsTo(fetchMock, 'POST /api/admin/reports/5/approve')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: CONSOLE_TEXT.takeAction }));
    expect(confirm).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(lastToast()?.title).toBe(REPORT_TEXT.actioned));
    expect(callsTo(fetchMock, 'POST /api/admin/reports/5/approve')).toHaveLength(1);
    expect(await screen.findByText(REPORT_TEXT.noReports)).toBeTruthy();
  });

  it("dismisses after the confirm and says 'No reported content' once the queue is empty", async () => {
    vi.stubGlobal('confirm', () => true);
    const { user } = await renderConsole('reports', {
      'GET /api/admin/reports': json([report]),
      'POST /api/admin/reports/5/dismiss': resolved('dismissed', REPORT_TEXT.dismissed),
    });
    const card = await screen.findByRole('listitem', { name: 'Report 5' });
    await user.click(within(card).getByRole('button', { name: CONSOLE_TEXT.dismiss }));
    expect(await screen.findByText(REPORT_TEXT.noReports)).toBeTruthy();
  });

  it("says 'Failed to approve report' and 'Failed to dismiss report' with the server's message", async () => {
    vi.stubGlobal('confirm', () => true);
    const { user } = await renderConsole('reports', {
      'GET /api/admin/reports': json([report]),
      'POST /api/admin/reports/5/approve': json({ message: REPORT_TEXT.alreadyResolved }, 409),
      'POST /api/admin/reports/5/dismiss': json({ message: REPORT_TEXT.alreadyResolved }, 409),
    });
    const card = await screen.findByRole('listitem', { name: 'Report 5' });
    await user.click(within(card).getByRole('button', { name: CONSOLE_TEXT.takeAction }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: CONSOLE_TEXT.approveReportFailed,
        description: REPORT_TEXT.alreadyResolved,
      }),
    );
    await user.click(within(card).getByRole('button', { name: CONSOLE_TEXT.dismiss }));
    await waitFor(() => expect(lastToast()?.title).toBe(CONSOLE_TEXT.dismissReportFailed));
  });

  it('updates live: a new report joins the queue and a resolved one leaves it', async () => {
    const { push, fetchMock } = await renderConsole('reports', { 'GET /api/admin/reports': json([]) });
    await screen.findByText(REPORT_TEXT.noReports);
    const reads = callsTo(fetchMock, 'GET /api/admin/reports').length;

    push('report:queued', { report: aReport({ id: 9, reason: 'Asking for my wallet seed' }) });
    expect(await screen.findByText('Reason: Asking for my wallet seed')).toBeTruthy();
    push('report:resolved', { reportId: 9, status: 'dismissed' });
    expect(await screen.findByText(REPORT_TEXT.noReports)).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/admin/reports')).toHaveLength(reads);
  });
});
