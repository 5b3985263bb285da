import { useEffect, useRef, useState } from 'react';
import type { MediaItemKey } from '@shared/constants';
import { useToast } from '@web/components/ui/toast';
import { captureFile, type MediaOwner } from '../api/media-actions';
import { MediaRefusal } from '../prepare-video';
import { CameraButtons } from './camera-buttons';
import { useMediaScope } from './media-scope';
import { MediaStrip, type Preparing } from './media-strip';
import styles from './media.module.css';

export type MediaAttachProps = { label: string } & (
  { itemKey: MediaItemKey; serviceId?: undefined } | { serviceId: string; itemKey?: undefined }
);

/**
 * An item's or a service's photos and videos: its camera and its strip. A new inspection or a
 * service added in this edit has its id already, so its media are taken before the first save;
 * the upload queue holds them until that save is on the server.
 */
export function MediaAttach(props: MediaAttachProps) {
  const { inspectionId, saved, media } = useMediaScope();
  const { toast } = useToast();
  const [preparing, setPreparing] = useState<Preparing[]>([]);
  const nextKey = useRef(0);
  // Previews still shown when the dialog closes mid-preparation are let go with it.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);
  const owner: MediaOwner = props.itemKey
    ? { inspectionId, itemKey: props.itemKey }
    : { inspectionId, serviceId: props.serviceId };
  // In position order already (toLocalMedia sorts them).
  const mine = media.filter((m) => (props.itemKey ? m.itemKey === props.itemKey : m.serviceId === props.serviceId));

  const add = async (files: File[]) => {
    const keys = files.map(() => nextKey.current++);
    setPreparing((list) => [...list, ...keys.map((key) => ({ key, preview: null }))]);
    // One at a time: each photo is decoded whole, and a tablet has little memory to spare.
    for (const [index, file] of files.entries()) {
      const key = keys[index];
      let preview: string | null = null;
      try {
        await captureFile(owner, saved, file, (thumb) => {
          preview = URL.createObjectURL(thumb);
          previews.current.add(preview);
          const url = preview;
          setPreparing((list) => list.map((p) => (p.key === key ? { key, preview: url } : p)));
        });
      } catch (error) {
        const description =
          error instanceof MediaRefusal ? error.message : `${file.name || 'This file'} could not be added. Try again.`;
        toast({ title: `Not added to ${props.label}`, description, variant: 'destructive' });
      } finally {
        setPreparing((list) => list.filter((p) => p.key !== key));
        if (preview) {
          URL.revokeObjectURL(preview);
          previews.current.delete(preview);
        }
      }
    }
  };

  return (
    <div className={styles.attach} data-testid="media-attach" data-media-owner={props.itemKey ?? props.serviceId}>
      <CameraButtons label={props.label} onFiles={(files) => void add(files)} />
      <MediaStrip label={props.label} items={mine} preparing={preparing} />
    </div>
  );
}
