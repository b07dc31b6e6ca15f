import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../shared/ui/Tabs';
import { useSession } from '../../shared/session/store';
import { CrashPanel } from './CrashPanel';
import { DicePanel } from './DicePanel';
import { FairPanel } from './FairPanel';
import { HiloPanel } from './HiloPanel';
import { RoundsPanel } from './RoundsPanel';
import styles from './minigame.module.css';

type Tab = 'crash' | 'dice' | 'hilo' | 'rounds' | 'fair';

/** /minigame: crash (one round shared by every player), dice and hi-lo, the member's rounds and fairness. */
export function MiniGamePage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('crash');
  const disabled = useSession((state) => state.account?.info.features?.mini_game === false);
  return (
    <article className={styles.page} aria-labelledby="minigame-title" data-testid="minigame-page">
      <h1 id="minigame-title">{t('minigame.title')}</h1>
      {disabled ? (
        <p className="sb-notice sb-notice--warning" role="status" data-testid="product-disabled">
          {t('errors.MiniGameDisabled')}
        </p>
      ) : (
        <>
          <Tabs
            idPrefix="minigame"
            label={t('minigame.title')}
            value={tab}
            onChange={setTab}
            items={[
              { key: 'crash', label: t('minigame.tabs.crash') },
              { key: 'dice', label: t('minigame.tabs.dice') },
              { key: 'hilo', label: t('minigame.tabs.hilo') },
              { key: 'rounds', label: t('minigame.tabs.rounds') },
              { key: 'fair', label: t('minigame.tabs.fair') },
            ]}
          />
          <div role="tabpanel" id="minigame-panel" aria-labelledby={`minigame-tab-${tab}`}>
            {tab === 'crash' && <CrashPanel />}
            {tab === 'dice' && <DicePanel />}
            {tab === 'hilo' && <HiloPanel />}
            {tab === 'rounds' && <RoundsPanel />}
            {tab === 'fair' && <FairPanel />}
          </div>
        </>
      )}
    </article>
  );
}
