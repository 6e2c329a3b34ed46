import type { CurrentUser } from '@enclave/protocol';
import { Camera } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Avatar } from '../components/avatar.tsx';
import * as styles from './profile.css.ts';

/** The cropper loads once a picture has been chosen, not with the profile page. */
const CropDialog = lazy(() => import('./crop-dialog.tsx').then((module) => ({ default: module.CropDialog })));

/** Spec 001 §2: clicking the avatar picks an image file, which the crop dialog then adjusts and uploads. */
export function AvatarPicker({ user }: { user: CurrentUser }) {
  const [source, setSource] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) setSource(URL.createObjectURL(file));
  };
  const close = () => {
    if (source) URL.revokeObjectURL(source);
    setSource(null);
  };

  return (
    <>
      {/*
        A plain button, as the header's avatar and bell are: the product's Button would bring its filled look to
        undo, and react-aria's Button and FileTrigger cost the profile page's first screen their script (issue #26).
      */}
      <button
        type="button"
        className={styles.avatarButton}
        aria-label="Change profile picture"
        onClick={() => {
          // Emptied first, so the same file chosen again is a change too.
          if (input.current) input.current.value = '';
          input.current?.click();
        }}
      >
        <Avatar username={user.username} src={user.profilePicture} size="lg" />
        <span className={styles.avatarBadge} aria-hidden>
          <Camera size={16} />
        </span>
      </button>
      <input ref={input} type="file" accept="image/*" hidden onChange={(event) => pick(event.currentTarget.files)} />
      {source && (
        <Suspense fallback={null}>
          <CropDialog source={source} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
