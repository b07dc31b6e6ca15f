import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BetView } from '@sb/contract';
import { checkStake } from '@sb/domain';
import type { TFunction } from 'i18next';
import { isApiError, post } from '../../shared/api/client';
import { describeError, errorText } from '../../shared/api/errors';
import { useFormat } from '../../shared/format';
import { refreshBalance } from '../../shared/session/balance';
import { sessionBody, useSession } from '../../shared/session/store';
import { Tabs } from '../../shared/ui/Tabs';
import {
  QUICK_STAKES,
  addStake,
  picksOf,
  slipFigures,
  useSlip,
  type SlipPick,
  type SlipTab,
} from './betslip';
import { lineFor } from './MarketTable';
import styles from './sportsbook.module.css';

interface BetCheck {
  odds: string;
  min_stake: string;
  max_stake: string;
  max_payout: string;
  live: boolean;
}

type Outcome =
  | { kind: 'placed'; bet: BetView }
  | { kind: 'error'; text: string }
  | { kind: 'oddsChanged'; marketId: number; selection: string; old: string; next: string };

/** A selection key as a bettor reads it: the team, over, under or draw. */
export const sideOf = (t: TFunction, selection: string, home: string, away: string): string =>
  selection === 'h' || selection === '1'
    ? home
    : selection === 'a' || selection === '2'
      ? away
      : selection === 'o'
        ? t('sportsbook.over')
        : selection === 'u'
          ? t('sportsbook.under')
          : selection === 'x'
            ? t('sportsbook.draw')
            : selection;

/** The pick as a bettor reads it: the team or side, with its line. */
function PickLabel({ pick }: { pick: SlipPick }) {
  const { t } = useTranslation();
  const side = sideOf(t, pick.selection, pick.home, pick.away);
  const line = pick.kind === 'ou' ? pick.line : lineFor(pick.kind, pick.line, pick.selection);
  const kind = pick.kind === 'hdp' || pick.kind === 'ou' || pick.kind === '1x2' ? pick.kind : 'hdp';
  return (
    <>
      <strong>
        {side} {line}
      </strong>
      <span className={styles.slipMeta}>
        {pick.period.toUpperCase()} {t(`sportsbook.kind.${kind}`)} · {pick.home} - {pick.away}
      </span>
    </>
  );
}

/** The domain's stake rule against the live limits: a code of the error catalogue, or null when placeable. */
function singleStakeProblem(
  pick: SlipPick | undefined,
  stake: string,
  limits: BetCheck | undefined,
): string | null {
  if (!pick || !limits || stake.trim() === '') return null;
  try {
    const result = checkStake({
      stake,
      limits: { min: limits.min_stake, max: limits.max_stake, maxPayout: limits.max_payout },
      bet: { kind: 'single', format: pick.format, price: pick.odds },
      mode: 'strict',
    });
    return result.ok ? null : result.code;
  } catch {
    return null; // limits the rule cannot read: the server decides
  }
}

/** Live min/max stake for a single from betcheck. */
function useBetCheck(pick: SlipPick | undefined, oddsCode: string) {
  return useQuery({
    queryKey: ['betcheck', pick?.marketId, pick?.selection, pick?.odds, oddsCode],
    enabled: pick !== undefined,
    meta: { errorDialog: false },
    staleTime: 10_000,
    queryFn: ({ signal }) =>
      post<BetCheck>(
        'betcheck',
        {
          ...sessionBody(),
          odds_type: oddsCode,
          market_id: pick?.marketId,
          selection: pick?.selection,
          odds: pick?.odds,
        },
        { signal },
      ),
  });
}

/** The bet slip: single and mix parlay tabs, stake with quick stakes, payout, placement with re-confirm. */
export function BetSlip({ oddsCode }: { oddsCode: string }) {
  const { t } = useTranslation();
  const id = useId();
  const fmt = useFormat();
  const client = useQueryClient();
  const slip = useSlip();
  const viewOnly = useSession((state) => state.viewOnly);
  const currency = useSession((state) => state.account?.info.currency ?? '');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = useRef(false);
  const picks = picksOf(slip);
  const figures = slipFigures(slip.tab, picks, slip.stake);
  const check = useBetCheck(slip.tab === 'single' ? picks[0] : undefined, oddsCode);
  const stakeProblem = singleStakeProblem(
    slip.tab === 'single' ? picks[0] : undefined,
    slip.stake,
    check.data,
  );

  const place = useMutation({
    meta: { errorDialog: false },
    mutationFn: async () => {
      const state = useSlip.getState();
      const current = picksOf(state);
      const body =
        state.tab === 'single'
          ? {
              market_id: current[0]?.marketId,
              selection: current[0]?.selection,
              odds: current[0]?.odds,
            }
          : {
              picks: current.map((pick) => ({
                market_id: pick.marketId,
                selection: pick.selection,
                odds: pick.odds,
              })),
            };
      const payload = { odds_type: oddsCode, ...body, stake: state.stake.trim() };
      // The same payload retried keeps its key: the server places it at most once.
      const key = state.keyFor(JSON.stringify([state.tab, payload]));
      return post<{ bet: BetView }>(state.tab === 'single' ? 'betsingle' : 'betparlay', {
        ...sessionBody(),
        ...payload,
        idempotency_key: key,
      });
    },
    onSuccess: (reply) => {
      useSlip.getState().endAttempt();
      useSlip.getState().clear();
      setOutcome({ kind: 'placed', bet: reply.bet });
      void client.invalidateQueries({ queryKey: ['account'] });
      void refreshBalance();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'oddsChanged' && typeof error.data.odds === 'string') {
        const marketId = Number(error.data.market_id);
        const selection = String(error.data.selection ?? '');
        const held = picksOf(useSlip.getState()).find(
          (pick) => pick.marketId === marketId && pick.selection === selection,
        );
        setOutcome({
          kind: 'oddsChanged',
          marketId,
          selection,
          old: held?.odds ?? '',
          next: error.data.odds,
        });
        return;
      }
      setOutcome({ kind: 'error', text: describeError(t, error) });
    },
    onSettled: () => {
      busy.current = false;
    },
  });

  const submit = () => {
    if (busy.current) return; // a double click places once
    busy.current = true;
    setOutcome(null);
    place.mutate();
  };

  const confirmOdds = () => {
    if (outcome?.kind !== 'oddsChanged') return;
    useSlip.getState().setOdds(outcome.marketId, outcome.selection, outcome.next);
    submit();
  };

  const tabs: { key: SlipTab; label: string; badge?: number }[] = [
    { key: 'single', label: t('sportsbook.betslip.single') },
    { key: 'parlay', label: t('sportsbook.betslip.parlay'), badge: Object.keys(slip.parlay).length },
  ];

  return (
    <section className={styles.slip} aria-labelledby={`${id}-slip`} data-testid="betslip">
      <h2 id={`${id}-slip`} className={styles.sideTitle}>
        {t('sportsbook.betslip.title')}
      </h2>
      <Tabs
        items={tabs}
        value={slip.tab}
        onChange={(tab) => {
          slip.setTab(tab);
          setOutcome(null);
        }}
        label={t('sportsbook.betslip.title')}
        idPrefix="betslip"
      />
      <div id="betslip-panel" role="tabpanel" className={styles.slipBody}>
        {picks.length === 0 ? (
          <p className={styles.muted}>{t('sportsbook.betslip.empty')}</p>
        ) : (
          <ul className={styles.slipPicks}>
            {picks.map((pick) => (
              <li key={`${pick.marketId}-${pick.selection}`} data-testid={`betslip-pick-${pick.marketId}`}>
                <div className={styles.slipPick}>
                  <PickLabel pick={pick} />
                </div>
                <span className={`${styles.slipOdds} ${pick.odds.startsWith('-') ? styles.negative : ''}`}>
                  @ {pick.odds}
                </span>
                <button
                  type="button"
                  className="sb-button sb-button--ghost"
                  aria-label={t('sportsbook.betslip.remove')}
                  onClick={() => slip.remove(pick.matchId)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {slip.tab === 'parlay' && picks.length === 1 && (
          <p className={styles.muted}>{t('sportsbook.betslip.parlayMin')}</p>
        )}
        <label className={styles.stakeField}>
          <span>{t('sportsbook.betslip.stake')}</span>
          <input
            className="sb-input"
            inputMode="decimal"
            value={slip.stake}
            onChange={(event) => slip.setStake(event.target.value.replace(/[^\d.]/g, ''))}
            data-testid="betslip-stake"
          />
        </label>
        <div className={styles.quick}>
          {QUICK_STAKES.map((amount) => (
            <button
              key={amount}
              type="button"
              className="sb-button sb-button--ghost"
              onClick={() => slip.setStake(addStake(slip.stake, amount))}
              data-testid={`betslip-quick-${amount}`}
            >
              +{amount}
            </button>
          ))}
        </div>
        {check.data && (
          <p className={styles.muted} data-testid="betslip-limits">
            {t('sportsbook.betslip.limits', {
              min: fmt.number(check.data.min_stake),
              max: fmt.number(check.data.max_stake),
            })}
          </p>
        )}
        {stakeProblem && (
          <p className={styles.stakeError} role="alert" data-testid="betslip-stake-error">
            {errorText(t, stakeProblem)}
          </p>
        )}
        <dl className={styles.figures}>
          <dt>{t('sportsbook.betslip.risk')}</dt>
          <dd data-testid="betslip-risk">{figures ? fmt.money(figures.risk, currency) : '-'}</dd>
          <dt>{t('sportsbook.betslip.payout')}</dt>
          <dd data-testid="betslip-payout">{figures ? fmt.money(figures.payout, currency) : '-'}</dd>
        </dl>
        <button
          type="button"
          className="sb-button"
          disabled={!figures || stakeProblem !== null || viewOnly || place.isPending}
          onClick={submit}
          data-testid="betslip-place"
        >
          {place.isPending ? t('sportsbook.betslip.placing') : t('sportsbook.betslip.place')}
        </button>
        {outcome && (
          <div
            role="status"
            className={`sb-notice ${outcome.kind === 'placed' ? '' : 'sb-notice--warning'}`}
            data-testid="betslip-message"
          >
            {outcome.kind === 'placed' &&
              t('sportsbook.betslip.placed', {
                ref: outcome.bet.ref_no,
                status: t(`betStatus.${outcome.bet.status === 'waiting' ? 'waiting' : 'running'}`),
              })}
            {outcome.kind === 'error' && outcome.text}
            {outcome.kind === 'oddsChanged' && (
              <>
                <p>{t('sportsbook.betslip.oddsChanged', { old: outcome.old, new: outcome.next })}</p>
                <button
                  type="button"
                  className="sb-button"
                  onClick={confirmOdds}
                  disabled={place.isPending}
                  data-testid="betslip-confirm-odds"
                >
                  {t('sportsbook.betslip.confirmOdds', { odds: outcome.next })}
                </button>
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
