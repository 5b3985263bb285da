import type { ReactNode } from 'react';
import type { Tone } from '../lib/conditions';

export type BadgeTone = Tone | 'info';

// A shape beside the word, so the tone never rests on colour alone.
const MARKS: Record<BadgeTone, string> = { good: '✓', warning: '!', bad: '✕', neutral: '•', info: '•' };

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`badge badge--${tone}`}>
      <span className="badge__mark" aria-hidden="true">
        {MARKS[tone]}
      </span>
      {children}
    </span>
  );
}
