import type { CurrentUser } from '@enclave/protocol';
import { X } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import * as styles from './side-menu.css.ts';
import { MenuGroups } from './side-menu.tsx';

interface SideMenuDrawerProps {
  user: CurrentUser | null;
  /** Requested open; once closed it stays visible while it slides out. */
  isOpen: boolean;
  isVisible: boolean;
  onClose: () => void;
}

/** Spec 000 §2: the side menu as a slide-in drawer on smaller screens, closed by tapping the backdrop. */
export function SideMenuDrawer({ user, isOpen, isVisible, onClose }: SideMenuDrawerProps) {
  const state = isOpen ? 'open' : 'closing';
  return (
    <ModalOverlay
      isOpen={isVisible}
      onOpenChange={(open) => open || onClose()}
      isDismissable
      className={styles.backdrop[state]}
    >
      <Modal className={styles.drawer[state]}>
        <Dialog className={styles.dialog}>
          <div className={styles.drawerHeader}>
            <Heading slot="title" className={styles.drawerTitle}>
              Menu
            </Heading>
            <Button variant="ghost" size="icon" aria-label="Close menu" onPress={onClose}>
              <X size={20} aria-hidden />
            </Button>
          </div>
          <MenuGroups user={user} isCompact={false} onNavigate={onClose} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
