import { api, CONSOLE_TEXT, type PublicUser, VALIDATION } from '@enclave/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { TextField } from '../components/text-field.tsx';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';
import { userLookupKey } from './admin-cache.ts';
import { parseUserId } from './lookup-input.ts';
import { MemberSanctionDialog } from './member-sanction-dialog.tsx';

/** Spec 001 §2, user-moderation: look a member up by numeric ID, then mute or ban them after a confirmation. */
export function UserModerationTab() {
  const queryClient = useQueryClient();
  const [input, setInput] = useState('');
  const [member, setMember] = useState<PublicUser | null>(null);
  const [isLooking, setLooking] = useState(false);

  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    const id = parseUserId(input);
    if (id === null) {
      toast({ variant: 'destructive', title: CONSOLE_TEXT.invalidInput, description: VALIDATION.invalidUserId });
      return;
    }
    setLooking(true);
    try {
      // A lookup always asks the server: the member's status may have changed since the last one.
      const found = await queryClient.fetchQuery({
        queryKey: userLookupKey(id),
        queryFn: ({ signal }) => call(api.userById, { params: { id }, signal, silent: true }),
        staleTime: 0,
      });
      setMember(found);
    } catch {
      // Spec 001 §7: any failure reads 'User not found'.
      toast({ variant: 'destructive', title: CONSOLE_TEXT.userNotFound, description: `No member has the ID ${id}.` });
    } finally {
      setLooking(false);
    }
  };

  const clear = () => {
    setMember(null);
    setInput('');
  };

  return (
    <section className={styles.card} aria-labelledby="user-moderation-title">
      <CardHeading id="user-moderation-title" title="User Moderation">
        Look a member up by their numeric ID to mute or ban them, or to lift a mute or a ban. Administrators and
        moderators cannot be muted or banned.
      </CardHeading>
      <Form className={styles.inline} onSubmit={lookUp}>
        <div className={styles.grow}>
          <TextField label="User ID" inputMode="numeric" placeholder="e.g. 42" value={input} onChange={setInput} />
        </div>
        <Button type="submit" isDisabled={isLooking}>
          <Search size={16} aria-hidden />
          {isLooking ? 'Looking up…' : 'Look Up'}
        </Button>
      </Form>
      {member && <MemberSanctionDialog member={member} onClose={() => setMember(null)} onDone={clear} />}
    </section>
  );
}
