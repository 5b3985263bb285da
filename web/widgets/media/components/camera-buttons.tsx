import { Camera, Images, Video } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@web/components/ui/button';
import styles from './media.module.css';

export interface CameraButtonsProps {
  /** What the files are of ('Front Left Tire', 'Service 2'), for the buttons' names. */
  label: string;
  onFiles: (files: File[]) => void;
}

const SOURCES = [
  { key: 'photo', text: 'Take photo', icon: Camera, accept: 'image/*', capture: true, multiple: false },
  {
    key: 'gallery',
    text: 'Choose from gallery',
    icon: Images,
    accept: 'image/*,video/*',
    capture: false,
    multiple: true,
  },
  { key: 'video', text: 'Record video', icon: Video, accept: 'video/*', capture: true, multiple: false },
] as const;

/**
 * The camera button of an item or service: opens the three ways to add media. Each is a button
 * that clicks its own hidden file input, so the rear camera, the gallery or the video recorder opens.
 */
export function CameraButtons({ label, onFiles }: CameraButtonsProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so that choosing the same file again still reports a change.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
    setOpen(false);
  };
  return (
    <div className={styles.camera}>
      <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Camera aria-hidden="true" /> Add photo<span className="visually-hidden"> or video to {label}</span>
      </Button>
      <div id={panelId} className={styles.sources} hidden={!open}>
        {SOURCES.map(({ key, text, icon: Icon, accept, capture, multiple }) => (
          <span key={key}>
            <Button variant="ghost" aria-label={`${text} for ${label}`} onClick={() => inputs.current[key]?.click()}>
              <Icon aria-hidden="true" /> {text}
            </Button>
            <input
              ref={(element) => {
                inputs.current[key] = element;
              }}
              type="file"
              hidden
              accept={accept}
              {...(capture ? { capture: 'environment' as const } : {})}
              multiple={multiple}
              data-media-source={key}
              aria-label={`${text} for ${label}`}
              tabIndex={-1}
              onChange={chosen}
            />
          </span>
        ))}
      </div>
    </div>
  );
}
