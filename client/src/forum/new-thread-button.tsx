import { LogIn, Plus } from 'lucide-react';
import type { ButtonVariants } from '../components/button.css.ts';
import { Button, LinkButton } from '../components/button.tsx';
import { useSession } from '../session/use-session.ts';
import { openCreateThread } from '../stores/create-thread-store.ts';

interface NewThreadButtonProps extends ButtonVariants {
  /** The category the dialog preselects. */
  categoryId?: number;
  label?: string;
  /** What a visitor sees instead: a way to /auth (spec 000 §1: create-thread actions send visitors there). */
  visitorLabel?: string;
}

/** Opens the Create New Thread dialog for a member; sends a visitor to sign in. */
export function NewThreadButton({
  categoryId,
  label = 'New Thread',
  visitorLabel = 'Login to Create Thread',
  ...variants
}: NewThreadButtonProps) {
  const { user, isLoading } = useSession();
  if (isLoading) return null;
  if (!user) {
    return (
      <LinkButton to="/auth" {...variants}>
        <LogIn size={16} aria-hidden />
        {visitorLabel}
      </LinkButton>
    );
  }
  return (
    <Button {...variants} onPress={() => openCreateThread(categoryId ?? null)}>
      <Plus size={16} aria-hidden />
      {label}
    </Button>
  );
}
