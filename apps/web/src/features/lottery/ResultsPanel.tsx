import { useTranslation } from 'react-i18next';
import type { LotteryDrawView } from '@sb/contract';
import { describeError } from '../../shared/api/errors';
import { useFormat } from '../../shared/format';
import { QueryView } from '../../shared/ui/QueryView';
import { useResults, useVerifyDraw } from './api';
import styles from './lottery.module.css';

function DrawResult({ draw }: { draw: LotteryDrawView }) {
  const { t } = useTranslation();
  const format = useFormat();
  const verify = useVerifyDraw();
  const result = draw.result;
  if (!result) return null;
  return (
    <div className={styles.result} data-testid="lottery-result">
      <strong>
        {t(`lottery.houses.${draw.house}` as 'lottery.houses.dragon')} · {format.dateTime(draw.draw_at)}
      </strong>
      <div className={styles.prizes}>
        <span>
          {t('lottery.tiers.first')}: <b data-testid="lottery-first">{result.first}</b>
        </span>
        <span>
          {t('lottery.tiers.second')}: <b>{result.second}</b>
        </span>
        <span>
          {t('lottery.tiers.third')}: <b>{result.third}</b>
        </span>
      </div>
      <div className={styles.prizes}>
        {t('lottery.tiers.special')}: {result.special.join(' ')}
      </div>
      <div className={styles.prizes}>
        {t('lottery.tiers.consolation')}: {result.consolation.join(' ')}
      </div>
      <div>
        <button type="button" className="sb-btn sb-btn--ghost" onClick={() => verify.mutate(draw.draw_id)}>
          {t('lottery.verify')}
        </button>{' '}
        {verify.isSuccess && (
          <span className={verify.data.matches ? styles.won : 'sb-error'} role="status">
            {verify.data.matches ? t('lottery.verified') : t('lottery.notVerified')} · {t('lottery.seed')}{' '}
            <code>{verify.data.server_seed.slice(0, 16)}…</code> · nonce {verify.data.nonce}
          </span>
        )}
        {verify.isError && <span className="sb-muted">{describeError(t, verify.error)}</span>}
      </div>
    </div>
  );
}

/** Results and history of the draws, newest first; each draw recomputed from its seed on request. */
export function ResultsPanel() {
  const { t } = useTranslation();
  const results = useResults();
  return (
    <section className="sb-panel" aria-label={t('lottery.tabs.results')}>
      <QueryView query={results}>
        {(reply) =>
          reply.data.length === 0 ? (
            <p className="sb-empty">{t('lottery.noResults')}</p>
          ) : (
            reply.data.map((draw) => <DrawResult key={draw.draw_id} draw={draw} />)
          )
        }
      </QueryView>
    </section>
  );
}
