import type { ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import * as styles from './modal-dialog.css.ts';

interface ModalDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** A destructive confirmation: an alert dialog that the backdrop does not close. */
  isAlert?: boolean;
  size?: 'md' | 'lg';
}

/** A centred dialog over a dimmed page; focus stays inside until it closes. */
export function ModalDialog({ title, isOpen, onOpenChange, children, isAlert, size = 'md' }: ModalDialogProps) {
  return (
    <ModalOverlay className={styles.overlay} isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={!isAlert}>
      <Modal className={styles.modal[size]}>
        <Dialog className={styles.dialog} role={isAlert ? 'alertdialog' : 'dialog'}>
          <Heading slot="title" className={styles.title}>
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
