import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { QueryView } from '../../shared/ui/QueryView';
import { useRounds } from './api';
import styles from './minigame.module.css';

/** The member's mini-game rounds, newest first. */
export function RoundsPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const rounds = useRounds();
  return (
    <section className="sb-panel" aria-label={t('minigame.tabs.rounds')}>
      <QueryView query={rounds}>
        {(reply) =>
          reply.data.length === 0 ? (
            <p className="sb-empty">{t('minigame.noRounds')}</p>
          ) : (
            <table className={styles.table} data-testid="minigame-rounds">
              <thead>
                <tr>
                  <th>{t('minigame.round')}</th>
                  <th>{t('minigame.game')}</th>
                  <th>{t('minigame.stake')}</th>
                  <th>{t('minigame.statusLabel')}</th>
                  <th>{t('minigame.payout')}</th>
                  <th>{t('minigame.time')}</th>
                </tr>
              </thead>
              <tbody>
                {reply.data.map((round) => (
                  <tr key={round.round_id}>
                    <td>{round.round_id}</td>
                    <td>{t(`minigame.tabs.${round.game}` as 'minigame.tabs.crash')}</td>
                    <td>{format.money(round.stake)}</td>
                    <td>{t(`minigame.status.${round.status}` as 'minigame.status.open')}</td>
                    <td>{round.payout === null ? '-' : format.money(round.payout)}</td>
                    <td>{format.dateTime(round.trans_time)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryView>
    </section>
  );
}
