import { FORUM_PAGE_TEXT, HOME } from '@enclave/protocol';
import { Bitcoin, EyeOff, LayoutGrid, Lock, LogIn, PenSquare } from 'lucide-react';
import { useRef } from 'react';
import { button } from '../components/button.css.ts';
import { Button, LinkButton } from '../components/button.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { CategoryCard } from '../forum/category-card.tsx';
import { useCategories } from '../forum/forum-queries.ts';
import { NewThreadButton } from '../forum/new-thread-button.tsx';
import { RecentThreads } from '../forum/recent-threads.tsx';
import { useSession } from '../session/use-session.ts';
import { openCreateThread } from '../stores/create-thread-store.ts';
import { visuallyHidden } from '../styles/utilities.css.ts';
import * as styles from './home-page.css.ts';

const PRIVACY_FEATURES = [
  {
    icon: EyeOff,
    title: 'No Tracking',
    text: 'No tracking cookies, no third-party analytics and no third-party requests. What you read stays between you and the forum.',
  },
  {
    icon: Lock,
    title: 'Thread Privacy Controls',
    text: 'Make a thread private so that only the members you choose can read it.',
  },
  {
    icon: Bitcoin,
    title: 'Crypto Payments',
    text: 'Buy coins with Bitcoin, Monero, USDT or USDC. No card details, no bank statements.',
  },
];

const signIn = (
  <>
    <LogIn size={18} aria-hidden />
    Sign in to Get Started
  </>
);

export function HomePage() {
  const { user, isLoading } = useSession();
  const categories = useCategories();
  const categorySection = useRef<HTMLElement>(null);
  const browseCategories = () => {
    categorySection.current?.focus({ preventScroll: true });
    categorySection.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.heroTitle}>
          Welcome to Enclave
        </h1>
        <p className={styles.heroText}>
          A private members' forum for sharing premium tools and resources: discuss in threads, pool coins in group buys
          and unlock premium content.
        </p>
        <div className={styles.heroActions}>
          {isLoading ? (
            <span
              className={`${button({ variant: 'inverse', size: 'lg' })} ${styles.heroAction} ${styles.heroActionPending}`}
              aria-hidden
            >
              {signIn}
            </span>
          ) : user ? (
            <Button variant="inverse" size="lg" className={styles.heroAction} onPress={() => openCreateThread()}>
              <PenSquare size={18} aria-hidden />
              Start a New Thread
            </Button>
          ) : (
            <LinkButton to="/auth" variant="inverse" size="lg" className={styles.heroAction}>
              {signIn}
            </LinkButton>
          )}
          <Button variant="translucent" size="lg" className={styles.heroAction} onPress={browseCategories}>
            <LayoutGrid size={18} aria-hidden />
            Browse Categories
          </Button>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="recent-threads">
        <h2 id="recent-threads" className={styles.sectionTitle}>
          Recent Threads
        </h2>
        <RecentThreads categories={categories.data ?? []} />
      </section>

      <section ref={categorySection} className={styles.section} aria-labelledby="discussion-forums" tabIndex={-1}>
        <div className={styles.sectionHeader}>
          <h2 id="discussion-forums" className={styles.sectionTitle}>
            Discussion Forums
          </h2>
          <NewThreadButton />
        </div>
        {categories.isPending ? (
          <div className={styles.categoryGrid} role="status" aria-busy="true">
            <span className={visuallyHidden}>Loading categories</span>
            {Array.from({ length: HOME.categoryPlaceholders }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <div key={index} className={styles.categoryCard}>
                <Skeleton width="44px" height="44px" />
                <Skeleton width="60%" height="1.1rem" />
                <Skeleton />
                <Skeleton width="40%" />
              </div>
            ))}
          </div>
        ) : categories.isError ? (
          <div className={styles.categoryError} role="alert">
            <p className={styles.categoryErrorTitle}>{FORUM_PAGE_TEXT.errorLoadingCategories}</p>
            <p>{categories.error.message}</p>
            <Button variant="secondary" onPress={() => void categories.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <ul className={styles.categoryGrid} aria-label="Categories">
            {categories.data.map((category) => (
              <li key={category.id} className={styles.categoryItem}>
                <CategoryCard category={category} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.features} aria-labelledby="privacy-features">
        <h2 id="privacy-features" className={styles.sectionTitle}>
          Built for privacy
        </h2>
        <ul className={styles.featureList}>
          {PRIVACY_FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className={styles.feature}>
              <span className={styles.featureIcon} aria-hidden>
                <Icon size={22} />
              </span>
              <h3 className={styles.featureTitle}>{title}</h3>
              <p className={styles.featureText}>{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
