import type { CurrentUser } from '@enclave/protocol';
import { Camera } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, FileTrigger } from 'react-aria-components';
import { Avatar } from '../components/avatar.tsx';
import * as styles from './profile.css.ts';

/** The cropper loads once a picture has been chosen, not with the profile page. */
const CropDialog = lazy(() => import('./crop-dialog.tsx').then((module) => ({ default: module.CropDialog })));

/** Spec 001 §2: clicking the avatar picks an image file, which the crop dialog then adjusts and uploads. */
export function AvatarPicker({ user }: { user: CurrentUser }) {
  const [source, setSource] = useState<string | null>(null);
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
      <FileTrigger acceptedFileTypes={['image/*']} onSelect={pick}>
        <Button className={styles.avatarButton} aria-label="Change profile picture">
          <Avatar username={user.username} src={user.profilePicture} size="lg" />
          <span className={styles.avatarBadge} aria-hidden>
            <Camera size={16} />
          </span>
        </Button>
      </FileTrigger>
      {source && (
        <Suspense fallback={null}>
          <CropDialog source={source} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
