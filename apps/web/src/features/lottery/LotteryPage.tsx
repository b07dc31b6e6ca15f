import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../shared/ui/Tabs';
import { useSession } from '../../shared/session/store';
import { BuyPanel } from './BuyPanel';
import { ResultsPanel } from './ResultsPanel';
import { TicketsPanel } from './TicketsPanel';
import styles from './lottery.module.css';

type Tab = 'buy' | 'tickets' | 'results';

/** The clock the countdowns read, once a second. */
export function useNow(stepMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

/** /w4d: the 4D lottery, our own game: buy tickets on the published draws, see them settle and verify draws. */
export function LotteryPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('buy');
  const disabled = useSession((state) => state.account?.info.features?.lottery === false);
  return (
    <article className={styles.page} aria-labelledby="lottery-title" data-testid="lottery-page">
      <h1 id="lottery-title">{t('lottery.title')}</h1>
      {disabled ? (
        <p className="sb-notice sb-notice--warning" role="status" data-testid="product-disabled">
          {t('errors.lotteryDisabled')}
        </p>
      ) : (
        <>
          <Tabs
            idPrefix="lottery"
            label={t('lottery.title')}
            value={tab}
            onChange={setTab}
            items={[
              { key: 'buy', label: t('lottery.tabs.buy') },
              { key: 'tickets', label: t('lottery.tabs.tickets') },
              { key: 'results', label: t('lottery.tabs.results') },
            ]}
          />
          <div role="tabpanel" id="lottery-panel" aria-labelledby={`lottery-tab-${tab}`}>
            {tab === 'buy' && <BuyPanel onBought={() => setTab('tickets')} />}
            {tab === 'tickets' && <TicketsPanel />}
            {tab === 'results' && <ResultsPanel />}
          </div>
        </>
      )}
    </article>
  );
}
