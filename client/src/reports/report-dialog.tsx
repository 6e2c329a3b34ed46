import {
  api,
  CreateReportBody,
  REPORT_DIALOG_TEXT,
  REPORT_REASON_MAX,
  type ReportContentType,
} from '@enclave/protocol';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { TextField } from '../components/text-field.tsx';
import { Form } from '../forms/form.tsx';
import { schemaErrors } from '../forms/schema-errors.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './report-dialog.css.ts';

export interface ReportTarget {
  contentType: ReportContentType;
  contentId: number;
}

/** A member reports a thread, a reply or a message with a reason; it joins the staff's report queue. */
export function ReportDialog({
  contentType,
  contentId,
  isOpen,
  onOpenChange,
}: ReportTarget & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    onOpenChange(false);
    setReason('');
    setError(undefined);
  };

  const report = useMutation({
    mutationFn: (body: CreateReportBody) => call(api.createReport, { body, errorTitle: REPORT_DIALOG_TEXT.failed }),
    onSuccess: () => {
      toast({ title: REPORT_DIALOG_TEXT.sent, description: REPORT_DIALOG_TEXT.sentText });
      close();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { contentType, contentId, reason: reason.trim() };
    const found = schemaErrors(CreateReportBody, body).reason;
    if (found) return setError(found);
    report.mutate(body);
  };

  return (
    <ModalDialog
      title={REPORT_DIALOG_TEXT.title[contentType]}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
    >
      <Form className={styles.form} onSubmit={submit}>
        <TextField
          label={REPORT_DIALOG_TEXT.reasonLabel}
          description={REPORT_DIALOG_TEXT.reasonHelp}
          rows={3}
          maxLength={REPORT_REASON_MAX}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setError(undefined);
          }}
          error={error}
          autoFocus
        />
        <DialogActions>
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={report.isPending}>
            {report.isPending ? REPORT_DIALOG_TEXT.sending : REPORT_DIALOG_TEXT.send}
          </Button>
        </DialogActions>
      </Form>
    </ModalDialog>
  );
}
