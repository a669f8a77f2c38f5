/**
 * Full-screen loading overlay with the timings of part 1 §9. The first time it shows at once (delay
 * 0); asked for again later (a load in the background, also while it is still fading out) it
 * re-shows only after 500 ms (300 ms fast), so a quick background load never flashes it. Once on
 * screen it stays at least 300 ms, then fades out (~0.5 s) and unmounts after the closing time.
 */
import { useEffect, useRef, useState } from 'react';

const OVERLAY = {
  minDisplayMs: 300,
  delayMs: 0,
  closeMs: 1001,
  fastCloseMs: 601,
  logoSize: 120,
  // Progress bar 3 px, spinner 60 px, blur 5 px (over a page, not at start-up), gap 24 px, fade 500 ms:
  // in src/app/loading-overlay.css, whose global classes index.html's static overlay shares.
  reshowMs: 500,
  fastReshowMs: 300,
} as const;

const LOADING_TEXT = 'Bezig met laden…';

type Phase = 'hidden' | 'shown' | 'closing';

export interface LoadingOverlayProps {
  visible: boolean;
  /** The fast timings: 601 ms closing instead of 1001 ms, re-show after 300 ms instead of 500 ms. */
  fast?: boolean;
  logoSrc?: string;
  label?: string;
}

export function LoadingOverlay({ visible, fast = false, logoSrc = '/logo.svg', label = LOADING_TEXT }: LoadingOverlayProps) {
  const [phase, setPhase] = useState<Phase>(visible ? 'shown' : 'hidden');
  const shownAt = useRef(0);
  const shownBefore = useRef(visible);
  // Shown later than at mount: over a page the teacher was using, which the blur then hides.
  const [overPage, setOverPage] = useState(false);
  // Shown from the first paint: the minimum display time counts from then (not read during render).
  useEffect(() => {
    if (shownBefore.current) shownAt.current = Date.now();
  }, []);

  useEffect(() => {
    if (visible) {
      if (phase === 'shown') return;
      const delay = shownBefore.current ? (fast ? OVERLAY.fastReshowMs : OVERLAY.reshowMs) : OVERLAY.delayMs;
      const timer = setTimeout(() => {
        shownAt.current = Date.now();
        shownBefore.current = true;
        setOverPage(true);
        setPhase('shown');
      }, delay);
      return () => clearTimeout(timer);
    }
    if (phase !== 'shown') return;
    const wait = Math.max(0, OVERLAY.minDisplayMs - (Date.now() - shownAt.current));
    const timer = setTimeout(() => setPhase('closing'), wait);
    return () => clearTimeout(timer);
  }, [visible, phase, fast]);

  useEffect(() => {
    if (phase !== 'closing') return;
    const timer = setTimeout(() => setPhase('hidden'), fast ? OVERLAY.fastCloseMs : OVERLAY.closeMs);
    return () => clearTimeout(timer);
  }, [phase, fast]);

  if (phase === 'hidden') return null;
  const closing = phase === 'closing';
  return (
    <div
      className="loading-overlay"
      data-closing={closing || undefined}
      data-over-page={overPage || undefined}
      role="status"
      aria-live="polite"
      aria-busy={!closing}
    >
      <div className="loading-overlay-progress" aria-hidden="true" />
      <img src={logoSrc} alt="" width={OVERLAY.logoSize} height={OVERLAY.logoSize} />
      <span className="m_b34414df m_5ae2e3c mantine-Loader-root loading-overlay-spinner" aria-hidden="true" />
      <p className="loading-overlay-text">{closing ? '' : label}</p>
    </div>
  );
}
