import { useRef, useState, type PointerEvent } from 'react';

export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

const MAX_SCALE = 5;
const DOUBLE_TAP_SCALE = 2.5;
const SWIPE_PX = 50;
const TAP_MS = 300;

interface Point {
  x: number;
  y: number;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * Touch and mouse on the viewer's stage: one finger swipes (or pans a zoomed photo), two pinch,
 * a double tap zooms in at the spot tapped and out again.
 */
export function useGestures({
  zoom,
  setZoom,
  onSwipe,
}: {
  zoom: Zoom;
  setZoom: (z: Zoom) => void;
  onSwipe: (step: number) => void;
}) {
  const pointers = useRef(new Map<number, Point>());
  const start = useRef<{ at: Point; zoom: Zoom; spread: number; time: number; moved: boolean } | null>(null);
  const lastTap = useRef<{ at: Point; time: number } | null>(null);
  const [dragX, setDragX] = useState(0);

  const begin = () => {
    const points = [...pointers.current.values()];
    const spread = points.length > 1 ? distance(points[0]!, points[1]!) : 0;
    start.current = { at: points[0]!, zoom, spread, time: Date.now(), moved: points.length > 1 };
  };

  const down = (e: PointerEvent<HTMLElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    begin();
  };

  const move = (e: PointerEvent<HTMLElement>) => {
    if (!pointers.current.has(e.pointerId) || !start.current) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const s = start.current;
    const points = [...pointers.current.values()];
    if (points.length > 1 && s.spread > 0) {
      const scale = Math.min(MAX_SCALE, Math.max(1, (s.zoom.scale * distance(points[0]!, points[1]!)) / s.spread));
      setZoom(scale === 1 ? { scale: 1, x: 0, y: 0 } : { ...s.zoom, scale });
      return;
    }
    const dx = e.clientX - s.at.x;
    const dy = e.clientY - s.at.y;
    if (Math.abs(dx) > 8 || Math.abs(dy) > 8) s.moved = true;
    if (s.zoom.scale > 1) setZoom({ ...s.zoom, x: s.zoom.x + dx, y: s.zoom.y + dy });
    else setDragX(dx);
  };

  const up = (e: PointerEvent<HTMLElement>) => {
    if (!pointers.current.delete(e.pointerId)) return;
    const s = start.current;
    if (pointers.current.size > 0) {
      begin();
      if (start.current) start.current.moved = true;
      return;
    }
    start.current = null;
    setDragX(0);
    if (!s) return;
    const dx = e.clientX - s.at.x;
    if (s.moved) {
      if (s.zoom.scale === 1 && Math.abs(dx) > SWIPE_PX) onSwipe(dx < 0 ? 1 : -1);
      lastTap.current = null;
      return;
    }
    const now = Date.now();
    const previous = lastTap.current;
    if (previous && now - previous.time < TAP_MS && distance(previous.at, s.at) < 30) {
      lastTap.current = null;
      if (zoom.scale > 1) setZoom({ scale: 1, x: 0, y: 0 });
      else {
        // Keep the spot tapped under the finger: shift by its distance from the stage's centre.
        const box = e.currentTarget.getBoundingClientRect();
        const cx = s.at.x - (box.left + box.width / 2);
        const cy = s.at.y - (box.top + box.height / 2);
        setZoom({ scale: DOUBLE_TAP_SCALE, x: -cx * (DOUBLE_TAP_SCALE - 1), y: -cy * (DOUBLE_TAP_SCALE - 1) });
      }
      return;
    }
    lastTap.current = { at: s.at, time: now };
  };

  return { down, move, up, dragX };
}
