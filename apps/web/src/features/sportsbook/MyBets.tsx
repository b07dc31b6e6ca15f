import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BetView, CallReply } from '@sb/contract';
import { post } from '../../shared/api/client';
import { useFormat } from '../../shared/format';
import { sessionBody, useSession } from '../../shared/session/store';
import { sideOf } from './BetSlip';
import styles from './sportsbook.module.css';

/** Running (accepted) and waiting bets; the member 'bet' push invalidates ['account'] and so refreshes them. */
export function useBets(call: 'betacceptlist' | 'pendingbetlist', accountId: string | undefined) {
  return useQuery({
    queryKey: ['account', 'mybets', call, accountId],
    enabled: accountId !== undefined,
    meta: { errorDialog: false },
    queryFn: async ({ signal }) => {
      const reply = await post<CallReply<typeof call>>(call, sessionBody(), { signal });
      return reply.bets;
    },
  });
}

function BetRow({ bet }: { bet: BetView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const leg = bet.legs[0];
  return (
    <li className={styles.bet} data-testid={`mybet-${bet.bet_id}`}>
      <div>
        <strong>
          {bet.kind === 'single' && leg
            ? `${sideOf(t, leg.choice, leg.home, leg.away)} ${leg.line}`.trim()
            : bet.kind === 'system'
              ? t('sportsbook.betslip.system')
              : t('sportsbook.betslip.parlay')}
        </strong>{' '}
        <span className={bet.odds.startsWith('-') ? styles.negative : ''}>@ {bet.odds}</span>
      </div>
      {leg && bet.kind === 'single' && (
        <div className={styles.slipMeta}>
          {leg.home} - {leg.away}
        </div>
      )}
      <div className={styles.slipMeta}>
        {t('sportsbook.mybets.stake')} {fmt.money(bet.stake, bet.currency)} ·{' '}
        {t(`betStatus.${bet.status === 'waiting' ? 'waiting' : 'running'}`)}
      </div>
    </li>
  );
}

export function MyBets() {
  const { t } = useTranslation();
  const id = useId();
  const accountId = useSession((state) => state.account?.info.account_id);
  const running = useBets('betacceptlist', accountId);
  const waiting = useBets('pendingbetlist', accountId);
  const bets = [...(waiting.data ?? []), ...(running.data ?? [])];
  return (
    <section className={styles.slip} aria-labelledby={`${id}-bets`} data-testid="mybets">
      <h2 id={`${id}-bets`} className={styles.sideTitle}>
        {t('sportsbook.mybets.title')}
      </h2>
      {bets.length === 0 ? (
        <p className={styles.muted}>{t('sportsbook.mybets.none')}</p>
      ) : (
        <ul className={styles.slipPicks}>
          {bets.map((bet) => (
            <BetRow key={bet.bet_id} bet={bet} />
          ))}
        </ul>
      )}
    </section>
  );
}
