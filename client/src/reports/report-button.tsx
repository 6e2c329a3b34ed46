import { REPORT_DIALOG_TEXT } from '@enclave/protocol';
import { Flag } from 'lucide-react';
import { lazy, useState } from 'react';
import { Button } from '../components/button.tsx';
import { OnDemand } from '../components/on-demand.tsx';
import { useSession } from '../session/use-session.ts';
import type { ReportTarget } from './report-dialog.tsx';

const ReportDialog = lazy(() => import('./report-dialog.tsx').then((module) => ({ default: module.ReportDialog })));

/** A small Report button with its dialog, for signed-in members other than the content's author. */
export function ReportButton({ contentType, contentId, authorId }: ReportTarget & { authorId?: number }) {
  const { user } = useSession();
  const [isOpen, setOpen] = useState(false);
  if (!user || user.id === authorId) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={REPORT_DIALOG_TEXT.title[contentType]}
        onPress={() => setOpen(true)}
      >
        <Flag size={14} aria-hidden />
        {REPORT_DIALOG_TEXT.report}
      </Button>
      <OnDemand isOpen={isOpen}>
        <ReportDialog contentType={contentType} contentId={contentId} isOpen={isOpen} onOpenChange={setOpen} />
      </OnDemand>
    </>
  );
}
