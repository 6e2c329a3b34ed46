import { FORUM_PAGE_TEXT, type PremiumRequiredDetails, THREAD_PAGE_TEXT } from '@enclave/protocol';
import { Coins, Crown, LogIn, ShoppingCart } from 'lucide-react';
import { lazy, useState } from 'react';
import { Button, LinkButton } from '../components/button.tsx';
import { OnDemand } from '../components/on-demand.tsx';
import { useSession } from '../session/use-session.ts';
import { actions, card, cardTitle, coins, muted } from './thread.css.ts';

const PurchaseDialog = lazy(() =>
  import('./purchase-dialog.tsx').then((module) => ({ default: module.PurchaseDialog })),
);

/** Spec 001 §4: a premium thread answered 402; it can be bought here (visitors log in first). */
export function PremiumNotice({ offer, message }: { offer: PremiumRequiredDetails; message: string }) {
  const { user } = useSession();
  const [isOpen, setOpen] = useState(false);
  return (
    <section className={card} aria-labelledby="premium-notice-title">
      <h1 id="premium-notice-title" className={cardTitle}>
        <Crown size={20} aria-hidden />
        {THREAD_PAGE_TEXT.premiumRequiredTitle}
      </h1>
      <p>{message}</p>
      <p className={muted}>
        <strong>{offer.title}</strong>
        {offer.authorName && ` by ${offer.authorName}`}
      </p>
      <div className={actions}>
        <span className={coins}>
          <Coins size={16} aria-hidden />
          {FORUM_PAGE_TEXT.coins(offer.premiumCost)}
        </span>
        {user ? (
          <Button onPress={() => setOpen(true)}>
            <ShoppingCart size={16} aria-hidden />
            Purchase Access
          </Button>
        ) : (
          <LinkButton to="/auth">
            <LogIn size={16} aria-hidden />
            Login to Purchase
          </LinkButton>
        )}
      </div>
      {user && (
        <OnDemand isOpen={isOpen}>
          <PurchaseDialog offer={offer} isOpen={isOpen} onOpenChange={setOpen} />
        </OnDemand>
      )}
    </section>
  );
}
