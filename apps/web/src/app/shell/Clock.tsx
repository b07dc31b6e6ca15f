import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';

/** The time in GMT+8, which every time on screen uses. */
export function Clock() {
  const { t } = useTranslation();
  const format = useFormat();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="sb-clock" dateTime={now.toISOString()} title={t('header.timeZone')}>
      {format.dateTime(now)} {t('app.gmt8')}
    </time>
  );
}
