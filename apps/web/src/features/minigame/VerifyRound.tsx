import { useTranslation } from 'react-i18next';
import type { FairGame } from '@sb/domain';
import { describeError } from '../../shared/api/errors';
import { useFairVerify } from './verify';

/** The balls (keno, number game) or finishing order (racing) a verify reply recomputed, as shown. */
function recomputed(outcome: unknown): string {
  if (outcome && typeof outcome === 'object') {
    const value = outcome as { balls?: number[]; order?: number[] };
    if (value.balls) return value.balls.join(' ');
    if (value.order) return value.order.join(' - ');
  }
  return JSON.stringify(outcome);
}

/**
 * "Verify" on a result row: asks the public verify call for this round, recomputes it in the browser from the
 * revealed seed and shows the recomputed balls or order with the verdict (the draw's seed is revealed daily: until
 * then the call answers that it is still in use).
 */
export function VerifyRound({ game, roundId }: { game: FairGame; roundId: number }) {
  const { t } = useTranslation();
  const { verify, reply, hashMatches, verified } = useFairVerify();
  return (
    <div data-testid={`verify-${game}-${roundId}`}>
      <button
        type="button"
        className="sb-btn sb-btn--ghost"
        onClick={() => verify.mutate({ game, roundId })}
        disabled={verify.isPending}
        data-testid="verify-round-run"
      >
        {t('minigame.fair.verifyThis')}
      </button>
      {verify.isError && (
        <p className="sb-error" role="alert">
          {describeError(t, verify.error)}
        </p>
      )}
      {reply && (
        <div role="status" data-testid="verify-round-result">
          <p className="sb-muted">
            {t('minigame.fair.hash')}: {reply.seed_hash} ({hashMatches ? '✓' : '✗'}) · nonce {reply.nonce}
          </p>
          <p data-testid="verify-round-outcome">{recomputed(reply.stored ?? reply.outcome)}</p>
          <p>
            <strong>{verified ? t('minigame.fair.ok') : t('minigame.fair.mismatch')}</strong>
          </p>
        </div>
      )}
    </div>
  );
}
