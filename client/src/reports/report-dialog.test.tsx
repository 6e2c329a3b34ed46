import { REPORT_DIALOG_TEXT, REPORT_TEXT } from '@enclave/protocol';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../stores/toast-store.ts';
import { aMember, callsTo, json, mockApi, signedOut } from '../testing/mock-api.ts';
import { renderWithRouter } from '../testing/render-with-router.tsx';
import { ReportButton } from './report-button.tsx';

configure({ asyncUtilTimeout: 5_000 });

const lastToast = () => useToastStore.getState().toasts.at(-1);

describe('the Report button', () => {
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => vi.unstubAllGlobals());

  it('is not offered to visitors', async () => {
    const fetchMock = mockApi({ 'GET /api/user': signedOut });
    renderWithRouter(<ReportButton contentType="thread" contentId={42} />);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/user')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: REPORT_DIALOG_TEXT.title.thread })).toBeNull();
  });

  it('asks for a reason, then sends the report and thanks the member', async () => {
    const fetchMock = mockApi({
      'GET /api/user': json(aMember()),
      'POST /api/reports': json({ id: 1 }, 201),
    });
    renderWithRouter(<ReportButton contentType="post" contentId={31} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: REPORT_DIALOG_TEXT.title.post }));
    const dialog = await screen.findByRole('dialog', { name: REPORT_DIALOG_TEXT.title.post });

    await user.type(within(dialog).getByRole('textbox', { name: REPORT_DIALOG_TEXT.reasonLabel }), '   ');
    await user.click(within(dialog).getByRole('button', { name: REPORT_DIALOG_TEXT.send }));
    expect(within(dialog).getByText(REPORT_TEXT.reasonRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/reports')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: REPORT_DIALOG_TEXT.reasonLabel }), 'Coin selling spam');
    await user.click(within(dialog).getByRole('button', { name: REPORT_DIALOG_TEXT.send }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/reports')[0]?.body).toEqual({
      contentType: 'post',
      contentId: 31,
      reason: 'Coin selling spam',
    });
    expect(lastToast()).toMatchObject({ title: REPORT_DIALOG_TEXT.sent, description: REPORT_DIALOG_TEXT.sentText });
  });

  it("keeps the dialog open and shows the server's answer when the report is refused", async () => {
    mockApi({
      'GET /api/user': json(aMember()),
      'POST /api/reports': json({ message: REPORT_TEXT.alreadyReported, code: 'CONFLICT' }, 409),
    });
    renderWithRouter(<ReportButton contentType="message" contentId={5} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: REPORT_DIALOG_TEXT.title.message }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: REPORT_DIALOG_TEXT.reasonLabel }), 'Scam');
    await user.click(within(dialog).getByRole('button', { name: REPORT_DIALOG_TEXT.send }));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: REPORT_DIALOG_TEXT.failed, description: REPORT_TEXT.alreadyReported }),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
