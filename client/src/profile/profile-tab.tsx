import { type CurrentUser, PROFILE_TEXT } from '@enclave/protocol';
import { Coins } from 'lucide-react';
import { formatDate } from '../components/dates.ts';
import { wholeNumber } from '../components/numbers.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { DangerZone } from './danger-zone.tsx';
import * as styles from './profile.css.ts';
import { ProfileForm } from './profile-form.tsx';

/** Spec 001 §2, the Profile tab: the member at a glance, their editable details, and the Danger Zone. */
export function ProfileTab({ user }: { user: CurrentUser }) {
  return (
    <div className={styles.profileGrid}>
      <section className={styles.summary} aria-label="Your profile">
        <AvatarPicker user={user} />
        <h2 className={styles.summaryName}>{user.username}</h2>
        <p className={styles.muted}>
          {PROFILE_TEXT.memberSince} {formatDate(user.createdAt)}
        </p>
        <span className={styles.coins}>
          <Coins size={16} aria-hidden />
          {wholeNumber(user.coinBalance)} coins
        </span>
      </section>
      <div className={styles.panel}>
        <ProfileForm key={user.id} user={user} />
        <DangerZone />
      </div>
    </div>
  );
}
