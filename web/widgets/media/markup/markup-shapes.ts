// The mark-up drawing as data: shapes in the photo's own pixels, so the same list draws on the
// screen's canvas and on the full-size copy that is saved.

export const MARKUP_TOOLS = ['arrow', 'circle', 'line', 'text'] as const;
export type MarkupTool = (typeof MARKUP_TOOLS)[number];

export const MARKUP_COLORS = { red: '#e11d28', yellow: '#facc15', green: '#16a34a' } as const;
export type MarkupColor = keyof typeof MARKUP_COLORS;

export interface Point {
  x: number;
  y: number;
}

export interface Shape {
  tool: MarkupTool;
  color: MarkupColor;
  /** arrow and circle: start and end of the drag; line: every point; text: where it was placed. */
  points: Point[];
  text?: string;
}

/** Stroke width for a photo: thick enough to see on a phone once the photo is scaled down. */
export const strokeWidthFor = (width: number, height: number) => Math.max(4, Math.round(Math.max(width, height) / 200));

/** The two ends of an arrow's head at `to`, pointing away from `from`. */
export function arrowHead(from: Point, to: Point, size: number): [Point, Point] {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const spread = Math.PI / 7;
  return [
    { x: to.x - size * Math.cos(angle - spread), y: to.y - size * Math.sin(angle - spread) },
    { x: to.x - size * Math.cos(angle + spread), y: to.y - size * Math.sin(angle + spread) },
  ];
}

/** The ellipse a circle drag draws: the drag is the box's diagonal. */
export function ellipseOf(from: Point, to: Point): { cx: number; cy: number; rx: number; ry: number } {
  return {
    cx: (from.x + to.x) / 2,
    cy: (from.y + to.y) / 2,
    rx: Math.abs(to.x - from.x) / 2,
    ry: Math.abs(to.y - from.y) / 2,
  };
}

/** A point on the screen's canvas box, in the photo's pixels. */
export function toImagePoint(
  client: Point,
  box: { left: number; top: number; width: number; height: number },
  image: { width: number; height: number },
): Point {
  const x = ((client.x - box.left) / box.width) * image.width;
  const y = ((client.y - box.top) / box.height) * image.height;
  return { x: Math.min(image.width, Math.max(0, x)), y: Math.min(image.height, Math.max(0, y)) };
}

/** Whether a finished drag is worth keeping (a tap is not an arrow). */
export function isDrawn(shape: Shape, minLength: number): boolean {
  if (shape.tool === 'text') return Boolean(shape.text?.trim());
  const first = shape.points[0];
  const last = shape.points.at(-1);
  if (!first || !last) return false;
  if (shape.tool === 'line') return shape.points.length > 1;
  return Math.hypot(last.x - first.x, last.y - first.y) >= minLength;
}

/** Draws one shape; `width` is the stroke width in the canvas's pixels. */
export function drawShape(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  shape: Shape,
  width: number,
): void {
  const color = MARKUP_COLORS[shape.color];
  const first = shape.points[0];
  const last = shape.points.at(-1);
  if (!first || !last) return;
  context.save();
  context.strokeStyle = color;
  context.fillStyle = color;
  context.lineWidth = width;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  // A dark halo keeps yellow readable on a bright photo and red on a dark one.
  context.shadowColor = 'rgba(0, 0, 0, 0.6)';
  context.shadowBlur = width;
  context.beginPath();
  if (shape.tool === 'arrow') {
    context.moveTo(first.x, first.y);
    context.lineTo(last.x, last.y);
    const [a, b] = arrowHead(first, last, width * 5);
    context.moveTo(a.x, a.y);
    context.lineTo(last.x, last.y);
    context.lineTo(b.x, b.y);
    context.stroke();
  } else if (shape.tool === 'circle') {
    const { cx, cy, rx, ry } = ellipseOf(first, last);
    context.ellipse(cx, cy, Math.max(rx, 1), Math.max(ry, 1), 0, 0, Math.PI * 2);
    context.stroke();
  } else if (shape.tool === 'line') {
    context.moveTo(first.x, first.y);
    for (const point of shape.points.slice(1)) context.lineTo(point.x, point.y);
    context.stroke();
  } else if (shape.text) {
    context.font = `bold ${width * 7}px system-ui, sans-serif`;
    context.textBaseline = 'middle';
    context.lineWidth = width;
    context.strokeStyle = 'rgba(0, 0, 0, 0.85)';
    context.strokeText(shape.text, first.x, first.y);
    context.fillText(shape.text, first.x, first.y);
  }
  context.restore();
}
