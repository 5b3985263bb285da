import { describe, expect, it } from 'vitest';
import { arrowHead, ellipseOf, isDrawn, strokeWidthFor, toImagePoint } from './markup-shapes';

describe('mark-up geometry', () => {
  it('maps a touch on the scaled canvas to the photo’s own pixels, clamped to the photo', () => {
    const box = { left: 100, top: 50, width: 512, height: 384 };
    const image = { width: 2048, height: 1536 };
    expect(toImagePoint({ x: 356, y: 242 }, box, image)).toEqual({ x: 1024, y: 768 });
    expect(toImagePoint({ x: 0, y: 1000 }, box, image)).toEqual({ x: 0, y: 1536 });
  });

  it('points the arrow head back along the shaft', () => {
    const [a, b] = arrowHead({ x: 0, y: 0 }, { x: 100, y: 0 }, 20);
    expect(a.x).toBeLessThan(100);
    expect(b.x).toBeLessThan(100);
    expect(a.y).toBeCloseTo(-b.y, 6);
    expect(Math.hypot(100 - a.x, a.y)).toBeCloseTo(20, 6);
  });

  it('draws a circle in the box the drag spans, whichever way it went', () => {
    expect(ellipseOf({ x: 200, y: 100 }, { x: 100, y: 300 })).toEqual({ cx: 150, cy: 200, rx: 50, ry: 100 });
  });

  it('keeps a drag and drops a tap', () => {
    const width = strokeWidthFor(2048, 1536);
    expect(width).toBe(10);
    expect(
      isDrawn(
        {
          tool: 'arrow',
          color: 'red',
          points: [
            { x: 0, y: 0 },
            { x: 5, y: 5 },
          ],
        },
        width * 2,
      ),
    ).toBe(false);
    expect(
      isDrawn(
        {
          tool: 'arrow',
          color: 'red',
          points: [
            { x: 0, y: 0 },
            { x: 300, y: 5 },
          ],
        },
        width * 2,
      ),
    ).toBe(true);
    expect(isDrawn({ tool: 'line', color: 'green', points: [{ x: 0, y: 0 }] }, width * 2)).toBe(false);
    expect(isDrawn({ tool: 'text', color: 'yellow', points: [{ x: 0, y: 0 }], text: '  ' }, width * 2)).toBe(false);
    expect(isDrawn({ tool: 'text', color: 'yellow', points: [{ x: 0, y: 0 }], text: '2 mm' }, width * 2)).toBe(true);
  });

  it('keeps strokes visible on a small photo', () => {
    expect(strokeWidthFor(320, 240)).toBe(4);
  });
});
