import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../shared/settings/store';
import { closeTour } from '../../shared/tour';
import styles from './tour.module.css';

/** The ten steps, each over an element marked with data-tour (a missing target centres the card). */
export const TOUR_STEPS = [
  'brand',
  'nav',
  'balance',
  'messages',
  'language',
  'theme',
  'account',
  'marquee',
  'content',
  'logout',
] as const;

interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const CARD_WIDTH = 320;
const GAP = 12;

function measure(step: string): Box | null {
  const element = document.querySelector<HTMLElement>(`[data-tour="${step}"]`);
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return null;
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height };
}

/** The guided tour: skip, previous, next and finish; shown once, replayable from the account menu. */
export function Tour() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [box, setBox] = useState<Box | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const setTourDone = useLayout((state) => state.setTourDone);
  const step = TOUR_STEPS[index] ?? 'brand';
  const last = index === TOUR_STEPS.length - 1;

  const end = useCallback(() => {
    setTourDone(true);
    closeTour();
  }, [setTourDone]);

  useLayoutEffect(() => {
    const element = document.querySelector<HTMLElement>(`[data-tour="${step}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
    const update = () => setBox(measure(step));
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [step]);

  useEffect(() => {
    card.current?.focus();
  }, [index]);

  const go = (next: number) => setIndex(Math.max(0, Math.min(TOUR_STEPS.length - 1, next)));

  const viewportWidth = typeof window === 'undefined' ? 1024 : window.innerWidth;
  const viewportHeight = typeof window === 'undefined' ? 768 : window.innerHeight;
  const width = Math.min(CARD_WIDTH, viewportWidth - 2 * GAP);
  let position: { top: number; left: number } | null = null;
  if (box) {
    const below = box.top + box.height + GAP;
    const top = below + 180 < viewportHeight ? below : Math.max(GAP, box.top - 180 - GAP);
    const left = Math.min(Math.max(GAP, box.left), viewportWidth - width - GAP);
    position = { top, left };
  }

  return (
    <div className={styles.layer} data-testid="tour">
      {box ? (
        <div
          className={styles.spotlight}
          style={{ top: box.top - 4, left: box.left - 4, width: box.width + 8, height: box.height + 8 }}
          aria-hidden="true"
        />
      ) : (
        <div className={styles.dim} aria-hidden="true" />
      )}
      <div
        ref={card}
        className={styles.card}
        style={position ? { top: position.top, left: position.left, width } : { width }}
        data-centred={position ? undefined : 'true'}
        role="dialog"
        aria-modal="true"
        aria-labelledby="tour-title"
        aria-describedby="tour-text"
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') end();
          if (event.key === 'ArrowRight' && !last) go(index + 1);
          if (event.key === 'ArrowLeft') go(index - 1);
        }}
      >
        <p className={styles.count}>{t('tour.stepOf', { step: index + 1, total: TOUR_STEPS.length })}</p>
        <h2 id="tour-title" className={styles.title}>
          {t(`tour.steps.${step}.title`)}
        </h2>
        <p id="tour-text" className={styles.text}>
          {t(`tour.steps.${step}.text`)}
        </p>
        <div className={styles.buttons}>
          <button type="button" className="sb-btn sb-btn--ghost" onClick={end} data-testid="tour-skip">
            {t('tour.skip')}
          </button>
          <span className={styles.spacer} />
          <button
            type="button"
            className="sb-btn"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            data-testid="tour-prev"
          >
            {t('tour.previous')}
          </button>
          {last ? (
            <button type="button" className="sb-btn sb-btn--primary" onClick={end} data-testid="tour-finish">
              {t('tour.finish')}
            </button>
          ) : (
            <button
              type="button"
              className="sb-btn sb-btn--primary"
              onClick={() => go(index + 1)}
              data-testid="tour-next"
            >
              {t('tour.next')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
