import { useTranslation } from 'react-i18next';
import { useMarquee } from './api';
import styles from './messages.module.css';

/** The header's marquee of announcements; it keeps its height when empty, so nothing moves. */
export function Marquee() {
  const { t } = useTranslation();
  const { data } = useMarquee();
  const texts = (data ?? []).map((message) => message.text || message.title).filter(Boolean);
  return (
    <div className={styles.marquee} data-tour="marquee" aria-label={t('messages.marquee')} role="region">
      {texts.length > 0 && (
        <p className={styles.marqueeTrack} data-testid="marquee">
          {texts.join('   •   ')}
        </p>
      )}
    </div>
  );
}
