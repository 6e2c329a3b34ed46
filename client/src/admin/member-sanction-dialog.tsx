import { ADMIN_TEXT, api, CONSOLE_TEXT, LIMITS, MODERATION_REASON_MAX, type PublicUser } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { TextField } from '../components/text-field.tsx';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { ADMIN_USERS_KEY, MODERATION_LOG_KEY } from './admin-cache.ts';
import { parseMuteHours } from './lookup-input.ts';
import { isStaffMember, roleOf, sanctionOf } from './member-status.ts';

type Step = 'details' | 'mute' | 'ban';
type Sanction =
  | { kind: 'ban'; reason: string }
  | { kind: 'mute'; hours: number; reason: string }
  | { kind: 'unban' }
  | { kind: 'unmute' };

/** The moderation log keeps an optional reason. */
const withReason = (reason: string) => (reason.trim() ? { reason: reason.trim() } : {});

function send(id: number, sanction: Sanction) {
  const options = { params: { id }, errorTitle: CONSOLE_TEXT.error };
  switch (sanction.kind) {
    case 'ban':
      return call(api.banUser, { ...options, body: withReason(sanction.reason) });
    case 'mute':
      return call(api.muteUser, { ...options, body: { duration: sanction.hours, ...withReason(sanction.reason) } });
    case 'unban':
      return call(api.unbanUser, { ...options, body: {} });
    case 'unmute':
      return call(api.unmuteUser, { ...options, body: {} });
  }
}

/**
 * Spec 001 §2, §4: the looked-up member's username, role and status, with Mute and Ban each behind a
 * confirmation step. After any action the dialog closes and the lookup is cleared (`onDone`).
 */
export function MemberSanctionDialog({
  member,
  onClose,
  onDone,
}: {
  member: PublicUser;
  onClose: () => void;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('details');
  const [hoursText, setHoursText] = useState(String(LIMITS.muteHoursDefault));
  const [reason, setReason] = useState('');
  const hours = parseMuteHours(hoursText);
  const status = sanctionOf(member);
  const isProtected = isStaffMember(member);

  const sanction = useMutation({
    mutationFn: (action: Sanction) => send(member.id, action),
    onSuccess: (reply) => {
      toast({ title: reply.message });
      void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
      void queryClient.invalidateQueries({ queryKey: MODERATION_LOG_KEY });
      onDone();
    },
  });

  const title =
    step === 'mute' ? `Mute ${member.username}` : step === 'ban' ? `Ban ${member.username}?` : member.username;

  return (
    <ModalDialog title={title} isOpen isAlert={step !== 'details'} onOpenChange={(open) => !open && onClose()}>
      {step === 'details' && (
        <>
          <dl className={styles.facts}>
            <dt className={styles.factLabel}>Username</dt>
            <dd className={styles.factValue}>{member.username}</dd>
            <dt className={styles.factLabel}>User ID</dt>
            <dd className={styles.factValue}>{member.id}</dd>
            <dt className={styles.factLabel}>Role</dt>
            <dd className={styles.factValue}>{CONSOLE_TEXT.roles[roleOf(member)]}</dd>
            <dt className={styles.factLabel}>Status</dt>
            <dd className={styles.factValue}>
              <span className={styles.badge[status]}>{CONSOLE_TEXT.status[status]}</span>
            </dd>
          </dl>
          {isProtected && <p className={styles.note}>{ADMIN_TEXT.cannotSanctionStaff}.</p>}
          <DialogActions>
            {member.isMuted && (
              <Button
                variant="secondary"
                isDisabled={sanction.isPending}
                onPress={() => sanction.mutate({ kind: 'unmute' })}
              >
                {CONSOLE_TEXT.unmute}
              </Button>
            )}
            {member.isBanned && (
              <Button
                variant="secondary"
                isDisabled={sanction.isPending}
                onPress={() => sanction.mutate({ kind: 'unban' })}
              >
                {CONSOLE_TEXT.unban}
              </Button>
            )}
            <Button variant="secondary" isDisabled={isProtected || member.isMuted} onPress={() => setStep('mute')}>
              <VolumeX size={16} aria-hidden />
              {CONSOLE_TEXT.mute}
            </Button>
            <Button variant="destructive" isDisabled={isProtected || member.isBanned} onPress={() => setStep('ban')}>
              <Ban size={16} aria-hidden />
              {CONSOLE_TEXT.ban}
            </Button>
          </DialogActions>
        </>
      )}
      {step === 'mute' && (
        <>
          <p className={styles.muted}>
            A muted member can read but cannot post threads, replies or messages until the mute ends.
          </p>
          <TextField
            label="Duration (hours)"
            inputMode="numeric"
            description={`From ${LIMITS.muteHoursMin} to ${LIMITS.muteHoursMax} hours.`}
            value={hoursText}
            onChange={setHoursText}
            error={hoursText.trim() && hours === null ? ADMIN_TEXT.muteDurationInvalid : undefined}
            autoFocus
          />
          <ReasonField value={reason} onChange={setReason} />
          <DialogActions>
            <Button variant="secondary" onPress={() => setStep('details')}>
              Back
            </Button>
            <Button
              isDisabled={hours === null || sanction.isPending}
              onPress={() => hours !== null && sanction.mutate({ kind: 'mute', hours, reason })}
            >
              {sanction.isPending ? 'Muting…' : 'Confirm Mute'}
            </Button>
          </DialogActions>
        </>
      )}
      {step === 'ban' && (
        <>
          <p className={styles.muted}>
            {member.username} is signed out everywhere at once and cannot sign in again until the ban is lifted.
          </p>
          <ReasonField value={reason} onChange={setReason} />
          <DialogActions>
            <Button variant="secondary" onPress={() => setStep('details')}>
              Back
            </Button>
            <Button
              variant="destructive"
              isDisabled={sanction.isPending}
              onPress={() => sanction.mutate({ kind: 'ban', reason })}
            >
              {sanction.isPending ? 'Banning…' : 'Confirm Ban'}
            </Button>
          </DialogActions>
        </>
      )}
    </ModalDialog>
  );
}

function ReasonField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Reason (optional)"
      description="Kept in the moderation log."
      maxLength={MODERATION_REASON_MAX}
      rows={2}
      value={value}
      onChange={onChange}
    />
  );
}
