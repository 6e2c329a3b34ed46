import { api, CONSOLE_TEXT, TEST_COINS } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { CardHeading } from '../components/card-heading.tsx';
import { wholeNumber } from '../components/numbers.ts';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './admin.css.ts';

/** Spec 001 §6: an admin adds 100,000 test coins to their own balance, through the ledger like every coin. */
export function TestCoinsCard() {
  const queryClient = useQueryClient();
  const grant = useMutation({
    mutationFn: () =>
      call(api.addCoins, { body: { amount: TEST_COINS.self }, errorTitle: CONSOLE_TEXT.addCoinsFailed }),
    onSuccess: (reply) => {
      toast({ title: 'Test coins added', description: reply.message });
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });

  return (
    <section className={styles.card} aria-labelledby="test-coins-title">
      <CardHeading id="test-coins-title" icon={Coins} title="Admin Test Coins">
        Add {wholeNumber(TEST_COINS.self)} coins to your own balance to try purchases, unlocks and group buys. The grant
        is recorded in your history and in the moderation log.
      </CardHeading>
      <div className={styles.actions}>
        <Button onPress={() => grant.mutate()} isDisabled={grant.isPending}>
          {grant.isPending ? 'Adding…' : `Add ${wholeNumber(TEST_COINS.self)} Test Coins`}
        </Button>
      </div>
    </section>
  );
}
