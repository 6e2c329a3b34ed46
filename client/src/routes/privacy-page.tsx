import { Bitcoin, Cookie, EyeOff, Globe, Lock } from 'lucide-react';
import * as page from '../components/page.css.ts';
import * as styles from './privacy-page.css.ts';

const SECTIONS = [
  {
    icon: EyeOff,
    title: 'No tracking',
    text: 'Enclave does not track you. There are no advertising or tracking cookies, no fingerprinting and no profiles of your browsing built for anyone.',
  },
  {
    icon: Globe,
    title: 'No third-party analytics or requests',
    text: 'Every page, script, style, icon and font is served by this forum itself. Your browser makes no requests to analytics services, content networks, font hosts or any other third party while you use it.',
  },
  {
    icon: Cookie,
    title: 'One cookie, for signing in',
    text: 'When you sign in, a single session cookie keeps you signed in. It is sent only to this forum and is never shared.',
  },
  {
    icon: Lock,
    title: 'Private threads',
    text: 'A thread can be made private so that only the members its author allows can read it.',
  },
  {
    icon: Bitcoin,
    title: 'Cryptocurrency payments',
    text: 'Coins are bought with Bitcoin, Monero, USDT or USDC, so you never give the forum a card number or bank details.',
  },
];

export function PrivacyPage() {
  return (
    <div className={page.stack}>
      <header className={page.header}>
        <h1 className={page.title}>Privacy</h1>
        <p className={page.lead}>How Enclave treats your data, in plain words.</p>
      </header>
      <article className={styles.article}>
        {SECTIONS.map(({ icon: Icon, title, text }) => (
          <section key={title} className={styles.section}>
            <h2 className={styles.heading}>
              <Icon className={styles.icon} size={20} aria-hidden />
              {title}
            </h2>
            <p className={styles.text}>{text}</p>
          </section>
        ))}
      </article>
    </div>
  );
}
