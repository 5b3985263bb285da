import { useEffect, useState } from 'react';

/** The button appears once the page has scrolled more than 300 px. */
export const BACK_TO_TOP_AFTER_PX = 300;

/** The corner the button takes (48 px, 16 px from the edges) and a little air around it. */
const CORNER_PX = 48 + 16 + 8;

/** Whether an Approve or Decline button sits in the corner the floating button would cover. */
function coversADecision(): boolean {
  const left = window.innerWidth - CORNER_PX;
  const top = window.innerHeight - CORNER_PX;
  return [...document.querySelectorAll('.service__actions button')].some((el) => {
    const r = el.getBoundingClientRect();
    return r.right > left && r.bottom > top && r.top < window.innerHeight && r.width > 0;
  });
}

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    // It steps aside while a decision button passes beneath it: never covers what the customer taps.
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX && !coversADecision());
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  if (!visible) return null;
  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <button type="button" className="back-to-top no-print" onClick={toTop} aria-label="Back to top">
      <span aria-hidden="true">↑</span>
    </button>
  );
}
