import 'cropperjs/dist/cropper.css';
import { api, type CurrentUser, PROFILE_CROP, PROFILE_TEXT } from '@enclave/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Cropper, type ReactCropperElement } from 'react-cropper';
import { call } from '../api/client.ts';
import { Button } from '../components/button.tsx';
import { DialogActions } from '../components/dialog-actions.tsx';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { SliderField } from '../components/slider-field.tsx';
import { SESSION_QUERY_KEY } from '../session/use-session.ts';
import { toast } from '../stores/toast-store.ts';
import * as styles from './profile.css.ts';

/** The server refuses pictures over 2 MB; a profile photo needs no more pixels than this anyway. */
const OUTPUT_MAX = { width: 1200, height: 900 };

/** Spec 001 §2: 'Adjust Profile Photo', zoom 1–3 and rotation 0–360 on a 4:3 crop, saved as a JPEG at 0.95. */
export function CropDialog({ source, onClose }: { source: string; onClose: () => void }) {
  const cropperRef = useRef<ReactCropperElement>(null);
  // cropperjs zooms relative to the image's natural size; the slider's 1 is the image fitted in the stage.
  const fittedRatio = useRef(1);
  const [zoom, setZoom] = useState<number>(PROFILE_CROP.zoomMin);
  const [rotation, setRotation] = useState<number>(PROFILE_CROP.rotationMin);
  const upload = useUploadPicture(onClose);

  const changeZoom = (value: number) => {
    setZoom(value);
    cropperRef.current?.cropper.zoomTo(fittedRatio.current * value);
  };
  const changeRotation = (value: number) => {
    setRotation(value);
    cropperRef.current?.cropper.rotateTo(value);
  };
  const save = () => {
    const canvas = cropperRef.current?.cropper.getCroppedCanvas({
      maxWidth: OUTPUT_MAX.width,
      maxHeight: OUTPUT_MAX.height,
      fillColor: '#ffffff',
      imageSmoothingQuality: 'high',
    });
    if (!canvas) return console.error('The profile photo could not be cropped: the cropper is not ready');
    canvas.toBlob(
      (picture) => {
        if (picture) upload.mutate(picture);
        else console.error('The profile photo could not be cropped: the browser produced no image');
      },
      'image/jpeg',
      PROFILE_CROP.jpegQuality,
    );
  };

  return (
    <ModalDialog title={PROFILE_TEXT.cropTitle} isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="lg">
      <div className={styles.cropStage}>
        <Cropper
          ref={cropperRef}
          src={source}
          style={{ height: '100%', width: '100%' }}
          aspectRatio={PROFILE_CROP.aspect}
          viewMode={1}
          dragMode="move"
          autoCropArea={1}
          background={false}
          zoomOnWheel={false}
          zoomOnTouch={false}
          ready={(event) => {
            const image = event.currentTarget.cropper.getImageData();
            fittedRatio.current = image.width / image.naturalWidth;
          }}
        />
      </div>
      <div className={styles.cropControls}>
        <SliderField
          label="Zoom"
          minValue={PROFILE_CROP.zoomMin}
          maxValue={PROFILE_CROP.zoomMax}
          step={PROFILE_CROP.zoomStep}
          value={zoom}
          onChange={changeZoom}
          formatOptions={{ style: 'decimal', minimumFractionDigits: 1, maximumFractionDigits: 1 }}
        />
        <SliderField
          label="Rotation"
          minValue={PROFILE_CROP.rotationMin}
          maxValue={PROFILE_CROP.rotationMax}
          value={rotation}
          onChange={changeRotation}
          formatOptions={{ style: 'unit', unit: 'degree', unitDisplay: 'narrow' }}
        />
      </div>
      <DialogActions>
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button onPress={save} isDisabled={upload.isPending}>
          {upload.isPending ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

function useUploadPicture(onUploaded: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (picture: Blob) => {
      const body = new FormData();
      body.append('profilePicture', picture, PROFILE_CROP.fileName);
      return call(api.uploadProfilePicture, { body, silent: true });
    },
    onSuccess: ({ profilePicture }) => {
      queryClient.setQueryData<CurrentUser | null>(SESSION_QUERY_KEY, (user) =>
        user ? { ...user, profilePicture } : user,
      );
      toast({ title: PROFILE_TEXT.pictureUpdated });
      onUploaded();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: PROFILE_TEXT.updateFailed,
        description: error.message || PROFILE_TEXT.pictureFailed,
      }),
  });
}
