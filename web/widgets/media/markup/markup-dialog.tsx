import { ArrowUpRight, Circle, PenLine, Type, Undo2, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { THUMB_EDGE } from '@shared/constants';
import { countOf } from '@shared/plural';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { useToast } from '@web/components/ui/toast';
import type { LocalMedia } from '@web/offline/media';
import { keepMarkup } from '../api/media-actions';
import { encode, scaledJpeg } from '../prepare-image';
import {
  drawShape,
  isDrawn,
  MARKUP_COLORS,
  strokeWidthFor,
  toImagePoint,
  type MarkupColor,
  type MarkupTool,
  type Shape,
} from './markup-shapes';
import styles from './markup.module.css';

const TOOLS: { tool: MarkupTool; label: string; icon: LucideIcon }[] = [
  { tool: 'arrow', label: 'Arrow', icon: ArrowUpRight },
  { tool: 'circle', label: 'Circle', icon: Circle },
  { tool: 'line', label: 'Freehand', icon: PenLine },
  { tool: 'text', label: 'Text', icon: Type },
];
const COLORS: { color: MarkupColor; label: string }[] = [
  { color: 'red', label: 'Red' },
  { color: 'yellow', label: 'Yellow' },
  { color: 'green', label: 'Green' },
];

export interface MarkupDialogProps {
  media: LocalMedia;
  label: string;
  onClose: () => void;
}

/** Flattens the photo and the shapes into a full-size JPEG and its thumbnail. */
async function flatten(image: HTMLImageElement, shapes: readonly Shape[]): Promise<{ file: Blob; thumb: Blob }> {
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw photos.');
  context.drawImage(image, 0, 0);
  const width = strokeWidthFor(canvas.width, canvas.height);
  for (const shape of shapes) drawShape(context, shape, width);
  const file = await encode(canvas);
  const thumb = await scaledJpeg(canvas, canvas.width, canvas.height, THUMB_EDGE);
  return { file, thumb: thumb.blob };
}

/**
 * Arrows, circles, freehand lines and text labels over a photo, with a finger or a mouse (pointer
 * events; the canvas takes every touch, so drawing never scrolls the dialog). It always starts from
 * the original; saving adds the marked-up copy beside it.
 */
export function MarkupDialog({ media, label, onClose }: MarkupDialogProps) {
  const { toast } = useToast();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [tool, setTool] = useState<MarkupTool>('arrow');
  const [color, setColor] = useState<MarkupColor>('red');
  const [text, setText] = useState('');
  const [shapes, setShapes] = useState<Shape[]>([]);
  const [current, setCurrent] = useState<Shape | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const img = new Image();
    let live = true;
    img.onload = () => live && setImage(img);
    img.onerror = () => live && setLoadFailed(true);
    img.src = media.originalUrl;
    return () => {
      live = false;
    };
  }, [media.originalUrl]);

  // Redrawn whenever the drawing changes; the photo itself is the <img> underneath.
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !image) return;
    context.clearRect(0, 0, image.naturalWidth, image.naturalHeight);
    const width = strokeWidthFor(image.naturalWidth, image.naturalHeight);
    for (const shape of current ? [...shapes, current] : shapes) drawShape(context, shape, width);
  }, [image, shapes, current]);

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) =>
    toImagePoint({ x: event.clientX, y: event.clientY }, event.currentTarget.getBoundingClientRect(), {
      width: image?.naturalWidth ?? 1,
      height: image?.naturalHeight ?? 1,
    });

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!image) return;
    event.preventDefault();
    const point = pointOf(event);
    if (tool === 'text') {
      if (!text.trim()) {
        toast({ title: 'Type the label first', description: 'Write the label text, then tap where it goes.' });
        return;
      }
      setShapes([...shapes, { tool, color, points: [point], text: text.trim() }]);
      return;
    }
    event.currentTarget.setPointerCapture(event.pointerId);
    setCurrent({ tool, color, points: [point] });
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!current) return;
    const point = pointOf(event);
    const first = current.points[0] ?? point;
    setCurrent({ ...current, points: current.tool === 'line' ? [...current.points, point] : [first, point] });
  };
  const up = () => {
    if (!current || !image) return;
    if (isDrawn(current, strokeWidthFor(image.naturalWidth, image.naturalHeight) * 2)) setShapes([...shapes, current]);
    setCurrent(null);
  };

  const save = async () => {
    if (!image) return;
    setSaving(true);
    try {
      const { file, thumb } = await flatten(image, shapes);
      await keepMarkup(media.id, file, thumb);
      toast({ title: 'Mark-up saved' });
      onClose();
    } catch {
      setSaving(false);
      toast({ title: 'Error', description: 'The mark-up could not be saved. Try again.', variant: 'destructive' });
    }
  };

  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title="Mark up photo"
      description={`${label}${media.caption ? ` · ${media.caption}` : ''}. Draw with a finger or the mouse.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={!image || shapes.length === 0 || saving}>
            {saving ? 'Saving…' : 'Save mark-up'}
          </Button>
        </>
      }
    >
      <div className={styles.toolbar} role="toolbar" aria-label="Mark-up tools">
        <div className={styles.group} role="group" aria-label="Tool">
          {TOOLS.map(({ tool: t, label: name, icon: Icon }) => (
            <Button
              key={t}
              variant={tool === t ? 'primary' : 'secondary'}
              aria-pressed={tool === t}
              onClick={() => setTool(t)}
            >
              <Icon aria-hidden="true" /> {name}
            </Button>
          ))}
        </div>
        <div className={styles.group} role="group" aria-label="Colour">
          {COLORS.map(({ color: c, label: name }) => (
            <Button
              key={c}
              variant={color === c ? 'primary' : 'secondary'}
              aria-pressed={color === c}
              onClick={() => setColor(c)}
            >
              <span className={styles.swatch} style={{ background: MARKUP_COLORS[c] }} aria-hidden="true" /> {name}
            </Button>
          ))}
        </div>
        <Button variant="secondary" onClick={() => setShapes(shapes.slice(0, -1))} disabled={shapes.length === 0}>
          <Undo2 aria-hidden="true" /> Undo
        </Button>
      </div>
      {tool === 'text' ? (
        <Input
          aria-label="Label text"
          placeholder="Label text, then tap the photo"
          maxLength={40}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      ) : null}
      {loadFailed ? (
        <p role="alert">The original photo is not on this device. Connect to the network to mark it up.</p>
      ) : (
        <div className={styles.stage}>
          {image ? <img className={styles.photo} src={image.src} alt="" /> : <p>Loading the photo…</p>}
          {image ? (
            <canvas
              ref={canvas}
              className={styles.canvas}
              width={image.naturalWidth}
              height={image.naturalHeight}
              data-testid="markup-canvas"
              aria-label={`Drawing area over the photo: ${countOf(shapes.length, 'mark', 'marks')}`}
              role="img"
              onPointerDown={down}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={up}
            />
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
