import { useEffect, useState } from 'react';

/** Spec section 9: the button appears once the page has scrolled more than 300 px. */
export const BACK_TO_TOP_AFTER_PX = 300;

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
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
