import { MEMBER_PAGE_TEXT, type PublicUser } from '@enclave/protocol';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { ApiError } from '../api/api-error.ts';
import { Avatar } from '../components/avatar.tsx';
import { badge } from '../components/badge.css.ts';
import { LinkButton } from '../components/button.tsx';
import { muted } from '../components/card.css.ts';
import { formatDate } from '../components/dates.ts';
import * as page from '../components/page.css.ts';
import { LoadingRows } from '../components/skeleton.tsx';
import * as styles from '../members/member-page.css.ts';
import { memberQuery } from '../members/member-queries.ts';
import { useSession } from '../session/use-session.ts';
import { MessageAction, roleLabel } from '../thread/author-panel.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { recordIdOf } from './record-id.ts';

/** /member/{id}: a member as anyone may see them, where a mention leads. */
export function MemberPage() {
  const { id } = useParams({ from: '/member/$id' });
  const member = useQuery(memberQuery(recordIdOf(id)));
  if (member.error instanceof ApiError && member.error.status === 404) {
    return <NotFoundPage message={MEMBER_PAGE_TEXT.notFound} />;
  }
  if (member.isError) {
    return (
      <p className={muted} role="alert">
        {MEMBER_PAGE_TEXT.loadFailed}
      </p>
    );
  }
  return (
    <div className={page.stack}>
      {member.data ? <MemberProfile member={member.data} /> : <LoadingRows rows={2} label="Loading member" />}
    </div>
  );
}

/** What PublicUser gives: a member who hides their profile shows no bio and no join date. */
function MemberProfile({ member }: { member: PublicUser }) {
  const { user: viewer } = useSession();
  const role = roleLabel({ authorIsAdmin: member.isAdmin, authorIsModerator: member.isModerator });
  return (
    <section className={styles.profile} aria-labelledby="member-name">
      <Avatar username={member.username} src={member.profilePicture} size="lg" />
      <div className={styles.details}>
        <h1 id="member-name" className={styles.name}>
          {member.username}
        </h1>
        <div className={styles.badges}>
          <span className={member.isAdmin || member.isModerator ? badge.info : badge.neutral}>{role}</span>
          {member.isBanned && <span className={badge.danger}>{MEMBER_PAGE_TEXT.banned}</span>}
        </div>
      </div>
      <div className={styles.wide}>
        {member.bio && <p className={styles.bio}>{member.bio}</p>}
        <p className={muted}>
          {member.createdAt ? MEMBER_PAGE_TEXT.since(formatDate(member.createdAt)) : MEMBER_PAGE_TEXT.hidden}
        </p>
        {viewer?.id === member.id ? (
          <p className={muted}>
            {MEMBER_PAGE_TEXT.you}{' '}
            <LinkButton to="/profile" variant="ghost" size="sm">
              {MEMBER_PAGE_TEXT.editProfile}
            </LinkButton>
          </p>
        ) : (
          <MessageAction viewer={viewer} memberId={member.id} username={member.username} />
        )}
      </div>
    </section>
  );
}
