import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallName } from '../../../shared/api/calls';
import { useSession } from '../../../shared/session/store';
import { QueryView } from '../../../shared/ui/QueryView';
import { Tabs } from '../../../shared/ui/Tabs';
import { toBet, useListCall } from '../api';
import { BetTable } from '../BetTable';

type Tab = 'running' | 'waiting' | 'void';

const CALL_OF: Record<Tab, CallName> = {
  running: 'betacceptlist',
  waiting: 'pendingbetlist',
  void: 'betrejectlist',
};

function BetList({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const currency = useSession((state) => state.account?.info.currency);
  const query = useListCall(CALL_OF[tab], {}, toBet);
  return (
    <QueryView query={query} isEmpty={(rows) => rows.length === 0} empty={t(`betList.empty.${tab}`)}>
      {(rows) => <BetTable bets={rows} currency={currency} />}
    </QueryView>
  );
}

/** /info/betlist: running, waiting and void/rejected bets. */
export function BetListPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('running');
  return (
    <article className="sb-card" aria-labelledby="betlist-title">
      <h1 id="betlist-title" className="sb-card__title">
        {t('betList.title')}
      </h1>
      <Tabs
        idPrefix="betlist"
        label={t('betList.title')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'running', label: t('betList.running') },
          { key: 'waiting', label: t('betList.waiting') },
          { key: 'void', label: t('betList.void') },
        ]}
      />
      <div id="betlist-panel" role="tabpanel" aria-labelledby={`betlist-tab-${tab}`} className="sb-panel">
        <BetList key={tab} tab={tab} />
      </div>
    </article>
  );
}
