import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { Signed } from '../api/decide-service';
import { ModalDialog } from './modal-dialog';

// Loaded only when the shop asks for a signature and the customer taps Approve, so the report's
// first load stays as light as before.

/** The server's cap on a drawn signature (a PNG data URL). */
const MAX_SIGNATURE_CHARS = 200 * 1024;

/** The drawing pad: finger, pen or mouse; the ink is kept at up to twice the CSS size for sharp lines. */
function usePad() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const node = canvas.current;
    if (!node) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    const box = node.getBoundingClientRect();
    node.width = Math.round(box.width * ratio);
    node.height = Math.round(box.height * ratio);
    const ctx = node.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#111';
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const stroke = (to: { x: number; y: number }) => {
    const ctx = canvas.current?.getContext('2d');
    const from = last.current ?? to;
    if (!ctx) return;
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    // A tap leaves a dot: a zero-length line with round caps.
    ctx.lineTo(to.x + (from === to ? 0.01 : 0), to.y);
    ctx.stroke();
    last.current = to;
    setDrawn(true);
  };

  return {
    canvas,
    drawn,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLCanvasElement>) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        last.current = null;
        stroke(point(event));
      },
      onPointerMove: (event: PointerEvent<HTMLCanvasElement>) => {
        if (last.current) stroke(point(event));
      },
      onPointerUp: () => {
        last.current = null;
      },
      onPointerCancel: () => {
        last.current = null;
      },
    },
    clear: () => {
      const node = canvas.current;
      node?.getContext('2d')?.clearRect(0, 0, node.width, node.height);
      setDrawn(false);
    },
    image: () => canvas.current?.toDataURL('image/png') ?? null,
  };
}

/** Before an approval the shop wants signed: a typed full name, a drawn signature, or both. */
export default function SignatureDialog({
  question,
  onCancel,
  onConfirm,
}: {
  question: string;
  onCancel: () => void;
  onConfirm: (signed: Signed) => void;
}) {
  const pad = usePad();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const signerName = name.trim() || null;
    const signature = pad.drawn ? pad.image() : null;
    if (!signerName && !signature) return setError('Type your full name or draw your signature.');
    if (signature && signature.length > MAX_SIGNATURE_CHARS)
      return setError('The signature is too large. Clear it and sign a little smaller.');
    onConfirm({ signerName, signature });
  };

  // Opened before the pad measures itself: the dialog's layout effect runs before the pad's plain one.
  return (
    <ModalDialog className="confirm signature" labelledBy="signature-question" onCancel={onCancel}>
      <h2 id="signature-question">{question}</h2>
      <p>The shop asks you to sign this approval. Type your full name, draw your signature, or both.</p>
      <label className="signature__field">
        <span>Full name</span>
        <input
          type="text"
          autoComplete="name"
          maxLength={200}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
      </label>
      <div className="signature__pad">
        <span id="signature-pad-label">Signature</span>
        <canvas
          ref={pad.canvas}
          role="img"
          aria-labelledby="signature-pad-label"
          data-testid="signature-pad"
          {...pad.handlers}
          onPointerDown={(event) => {
            setError(null);
            pad.handlers.onPointerDown(event);
          }}
        />
        <button
          type="button"
          className="button button--secondary signature__clear"
          onClick={pad.clear}
          disabled={!pad.drawn}
        >
          Clear
        </button>
      </div>
      {error ? (
        <p className="signature__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="confirm__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={submit}>
          Sign and approve
        </button>
      </div>
    </ModalDialog>
  );
}
