import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BetView, CallReply } from '@sb/contract';
import {
  checkStake,
  drawPriceKey,
  formatMyanmarLine,
  isDrawKind,
  myanmarOddsAllowed,
  systemBetCount,
} from '@sb/domain';
import type { TFunction } from 'i18next';
import { isApiError, post } from '../../shared/api/client';
import type { CallName } from '../../shared/api/calls';
import { describeError, errorText } from '../../shared/api/errors';
import { useFormat } from '../../shared/format';
import { refreshBalance } from '../../shared/session/balance';
import { sessionBody, useSession } from '../../shared/session/store';
import { Tabs } from '../../shared/ui/Tabs';
import {
  QUICK_STAKES,
  addStake,
  foldsFor,
  isMyanmarTab,
  picksOf,
  slipFigures,
  stakedBetOf,
  useSlip,
  type SlipPick,
  type SlipTab,
} from './betslip';
import { drawMarketTitle, lineFor, selectionLabel } from './cells';
import { useMarkets } from './markets';
import { useBets } from './MyBets';
import styles from './sportsbook.module.css';

/** The limits a check call answers (betcheck, betcheckmultispecial, betmmoclick). */
/** What every quote answers (betcheck, betcheckmultispecial, betmmoclick: the contract's replies). */
type Limits = Pick<CallReply<'betcheck'>, 'min_stake' | 'max_stake' | 'max_payout'>;

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
          : selection.toLowerCase() === 'x'
            ? t('sportsbook.draw')
            : selection;

const KNOWN_KINDS = [
  'hdp',
  'ou',
  '1x2',
  'oe',
  'cs',
  'dc',
  'htft',
  'fglg',
  'tg',
  'eg',
  'ml',
  'tw',
  'outright',
  'gh_win',
  'gh_place',
  'gh_fc',
  'gh_tc',
];

/** The pick as a bettor reads it: the team or side, with its line. */
function PickLabel({ pick }: { pick: SlipPick }) {
  const { t } = useTranslation();
  if (isDrawKind(pick.kind)) {
    // A draw's pick: its selection and market (a '1' or '2' is a range or a ball, never a side).
    return (
      <>
        <strong>{selectionLabel(t, pick.kind, pick.selection)}</strong>
        <span className={styles.slipMeta}>
          {drawMarketTitle(t, pick.kind)} · {pick.home} {pick.away}
        </span>
      </>
    );
  }
  // A race pick names its runners in `away` (selection keys are runner numbers, not sides).
  const side = pick.kind.startsWith('gh_') ? pick.away : sideOf(t, pick.selection, pick.home, pick.away);
  const line = pick.myanmar
    ? ''
    : pick.kind === 'ou'
      ? pick.line
      : lineFor(pick.kind, pick.line, pick.selection);
  const kind = (KNOWN_KINDS.includes(pick.kind) ? pick.kind : 'hdp') as 'hdp';
  return (
    <>
      <strong>
        {side} {line}
      </strong>
      <span className={styles.slipMeta}>
        {pick.period.toUpperCase()} {t(`sportsbook.kind.${kind}`)} · {pick.home}
        {pick.kind.startsWith('gh_') ? '' : ` - ${pick.away}`}
      </span>
    </>
  );
}

/** Live min/max stake of the slip: betcheck (single), betcheckmultispecial (parlays), betmmoclick (Myanmar). */
function useLimits(tab: SlipTab, picks: readonly SlipPick[], oddsCode: string) {
  const first = picks[0];
  const multi = tab === 'parlay' || tab === 'system';
  return useQuery({
    queryKey: [
      'betcheck',
      tab,
      oddsCode,
      picks.map((pick) => `${pick.marketId}:${pick.selection}:${pick.odds}`).join(','),
    ],
    enabled: first !== undefined && (!multi || picks.length >= 2),
    meta: { errorDialog: false },
    staleTime: 10_000,
    queryFn: ({ signal }): Promise<Limits & { line?: string }> => {
      if (isMyanmarTab(tab)) {
        return post<CallReply<'betmmoclick'>>(
          'betmmoclick',
          { ...sessionBody(), market_id: first?.marketId, selection: first?.selection, line: first?.odds },
          { signal },
        );
      }
      if (multi) {
        return post<CallReply<'betcheckmultispecial'>>(
          'betcheckmultispecial',
          {
            ...sessionBody(),
            odds_type: oddsCode,
            picks: picks.map((pick) => ({
              market_id: pick.marketId,
              selection: pick.selection,
              odds: pick.odds,
            })),
          },
          { signal },
        );
      }
      return post<CallReply<'betcheck'>>(
        'betcheck',
        {
          ...sessionBody(),
          odds_type: oddsCode,
          market_id: first?.marketId,
          selection: first?.selection,
          odds: first?.odds,
        },
        { signal },
      );
    },
  });
}

/**
 * The price now (from the live odds store) when it differs from the one on the slip: the member sees the old
 * and new price and takes the new one before placing (the server would ask for it anyway).
 */
function MovedPrice({ pick }: { pick: SlipPick }) {
  const { t } = useTranslation();
  const now = useMarkets((state) => {
    const market = state.markets[pick.marketId];
    if (!market || !market.open) return undefined;
    return pick.myanmar
      ? market.mm
        ? formatMyanmarLine(market.mm)
        : undefined
      : // A keno pick is priced by its count of numbers.
        market.prices[drawPriceKey(market.kind, pick.selection) ?? ''];
  });
  if (now === undefined || now === pick.odds) return null;
  return (
    <button
      type="button"
      className={`sb-btn sb-btn--ghost ${styles.moved}`}
      onClick={() => useSlip.getState().setOdds(pick.marketId, pick.selection, now)}
      title={t('sportsbook.betslip.oddsChanged', { old: pick.odds, new: now })}
      data-testid={`betslip-moved-${pick.marketId}`}
    >
      {t('sportsbook.betslip.takeOdds', { odds: now })}
    </button>
  );
}

/** The domain's stake rule against the live limits: a code of the error catalogue, or null when placeable. */
function stakeProblem(
  tab: SlipTab,
  picks: readonly SlipPick[],
  folds: readonly number[],
  stake: string,
  limits: Limits | undefined,
): string | null {
  const bet = stakedBetOf(tab, picks, folds);
  if (!bet || !limits || stake.trim() === '') return null;
  try {
    const result = checkStake({
      stake,
      limits: { min: limits.min_stake, max: limits.max_stake, maxPayout: limits.max_payout },
      bet,
      mode: 'strict',
    });
    return result.ok ? null : result.code;
  } catch {
    return null; // limits the rule cannot read: the server decides
  }
}

/** What a placement sends, by slip: the call and its body (without session and idempotency key). */
function placementOf(
  tab: SlipTab,
  picks: readonly SlipPick[],
  folds: readonly number[],
  stake: string,
  oddsCode: string,
): { call: CallName; body: Record<string, unknown> } {
  const priced = picks.map((pick) => ({
    market_id: pick.marketId,
    selection: pick.selection,
    odds: pick.odds,
  }));
  const lined = picks.map((pick) => ({
    market_id: pick.marketId,
    selection: pick.selection,
    line: pick.odds,
  }));
  switch (tab) {
    case 'single':
      return { call: 'betsingle', body: { odds_type: oddsCode, ...priced[0], stake } };
    case 'parlay':
      return { call: 'betparlay', body: { odds_type: oddsCode, picks: priced, stake } };
    case 'system':
      return {
        call: 'placesysparlay',
        body: { odds_type: oddsCode, picks: priced, fold_sizes: foldsFor(picks.length, folds), stake },
      };
    case 'mmSingle':
      return { call: 'betsinglemmo', body: { ...lined[0], stake } };
    case 'mmParlay':
      return { call: 'betparlaymmo', body: { picks: lined, stake } };
  }
}

/** A placed live bet waits for acceptance: shown until my bets list it as running (or it is gone). */
function PlacedStatus({ bet }: { bet: BetView }) {
  const { t } = useTranslation();
  const accountId = useSession((state) => state.account?.info.account_id);
  const running = useBets('betacceptlist', accountId);
  const waiting = useBets('pendingbetlist', accountId);
  const accepted = bet.status !== 'waiting' || running.data?.some((held) => held.bet_id === bet.bet_id);
  const stillWaiting = waiting.data?.some((held) => held.bet_id === bet.bet_id) ?? false;
  // Rejected only once the waiting list has shown the bet and then lost it without it running: right after
  // placing, the lists may still be the ones from before the bet.
  const [seenWaiting, setSeenWaiting] = useState(false);
  if (stillWaiting && !seenWaiting) setSeenWaiting(true);
  const status = accepted ? 'running' : stillWaiting || !seenWaiting ? 'waiting' : 'rejected';
  return (
    <span data-testid="betslip-placed-status" data-status={status}>
      {t('sportsbook.betslip.placed', { ref: bet.ref_no, status: t(`betStatus.${status}`) })}
    </span>
  );
}

/** The system's fold sizes: the domain's options for the legs, with the bets and total stake they make. */
function SystemFolds({ picks, stake }: { picks: number; stake: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const chosen = useSlip((state) => state.folds);
  const setFolds = useSlip((state) => state.setFolds);
  const folds = foldsFor(picks, chosen);
  const options = foldsFor(picks, []);
  if (options.length === 0) return null;
  return (
    <fieldset className={styles.folds} data-testid="betslip-folds">
      <legend>{t('sportsbook.betslip.folds')}</legend>
      {options.map((size) => (
        <label key={size} className="sb-check">
          <input
            type="checkbox"
            checked={folds.includes(size)}
            onChange={(event) =>
              setFolds(event.target.checked ? [...folds, size] : folds.filter((held) => held !== size))
            }
            data-testid={`betslip-fold-${size}`}
          />
          <span>
            {t('sportsbook.betslip.fold', { size, picks })}{' '}
            <span className={styles.muted}>×{systemBetCount(picks, [size])}</span>
          </span>
        </label>
      ))}
      <p className={styles.muted} data-testid="betslip-combinations">
        {t('sportsbook.betslip.combinations', {
          count: systemBetCount(picks, folds),
          stake: fmt.number(stake || '0'),
        })}
      </p>
    </fieldset>
  );
}

/**
 * The bet slip: single, mix parlay and system parlay tabs (and single and parlay Myanmar for MMK members),
 * each with its stake, quick stakes, live limits and payout from the domain rules, placement with an
 * idempotency key and re-confirmation of a moved price.
 */
export function BetSlip({ oddsCode }: { oddsCode: string }) {
  const { t } = useTranslation();
  const id = useId();
  const fmt = useFormat();
  const client = useQueryClient();
  const slip = useSlip();
  const viewOnly = useSession((state) => state.viewOnly);
  const currency = useSession((state) => state.account?.info.currency ?? '');
  const myanmarAllowed = myanmarOddsAllowed(currency);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const busy = useRef(false);
  const picks = picksOf(slip);
  const stake = slip.stakes[slip.tab];
  const figures = slipFigures(slip.tab, picks, stake, slip.folds);
  const limits = useLimits(slip.tab, picks, oddsCode);
  const problem = stakeProblem(slip.tab, picks, slip.folds, stake, limits.data);
  const multi = slip.tab !== 'single' && slip.tab !== 'mmSingle';

  const place = useMutation({
    meta: { errorDialog: false },
    mutationFn: async () => {
      const state = useSlip.getState();
      const current = picksOf(state);
      const { call, body } = placementOf(
        state.tab,
        current,
        state.folds,
        state.stakes[state.tab].trim(),
        oddsCode,
      );
      // The same payload retried keeps its key: the server places it at most once.
      const key = state.keyFor(JSON.stringify([call, body]));
      return post<CallReply<'betsingle'>>(call, { ...sessionBody(), ...body, idempotency_key: key });
    },
    onSuccess: (reply) => {
      useSlip.getState().placed();
      setOutcome({ kind: 'placed', bet: reply.bet });
      void client.invalidateQueries({ queryKey: ['account'] });
      void refreshBalance();
    },
    onError: (error) => {
      const next = isApiError(error) ? (error.data.odds ?? error.data.line) : undefined;
      if (isApiError(error) && error.code === 'oddsChanged' && typeof next === 'string') {
        const marketId = Number(error.data.market_id);
        const selection = String(error.data.selection ?? '');
        const held = picksOf(useSlip.getState()).find(
          (pick) => pick.marketId === marketId && pick.selection === selection,
        );
        setOutcome({ kind: 'oddsChanged', marketId, selection, old: held?.odds ?? '', next });
        return;
      }
      // The market changed type under the slip: the spec removes the slip.
      if (isApiError(error) && error.code === 'marketTypeChanged') useSlip.getState().clear();
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

  // Quick bet: a clicked price is placed at once, through the same path (and key) as the button.
  const submitRef = useRef(submit);
  useEffect(() => {
    submitRef.current = submit;
  });
  const quick = useSlip((state) => state.quick);
  useEffect(() => {
    if (!quick) return;
    useSlip.setState({ quick: false });
    if (!viewOnly) submitRef.current();
  }, [quick, viewOnly]);

  const confirmOdds = () => {
    if (outcome?.kind !== 'oddsChanged') return;
    useSlip.getState().setOdds(outcome.marketId, outcome.selection, outcome.next);
    submit();
  };

  const tabs: { key: SlipTab; label: string; badge?: number }[] = [
    { key: 'single', label: t('sportsbook.betslip.single') },
    { key: 'parlay', label: t('sportsbook.betslip.parlay'), badge: Object.keys(slip.parlay).length },
    { key: 'system', label: t('sportsbook.betslip.system'), badge: Object.keys(slip.parlay).length },
  ];
  if (myanmarAllowed) {
    tabs.push(
      { key: 'mmSingle', label: t('sportsbook.betslip.mmSingle') },
      { key: 'mmParlay', label: t('sportsbook.betslip.mmParlay'), badge: Object.keys(slip.mmParlay).length },
    );
  }

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
          <p className={styles.muted}>
            {isMyanmarTab(slip.tab) ? t('sportsbook.betslip.mmEmpty') : t('sportsbook.betslip.empty')}
          </p>
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
                <MovedPrice pick={pick} />
                <button
                  type="button"
                  className="sb-btn sb-btn--ghost sb-btn--icon"
                  aria-label={t('sportsbook.betslip.remove')}
                  onClick={() => slip.remove(pick.matchId)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {multi && picks.length === 1 && <p className={styles.muted}>{t('sportsbook.betslip.parlayMin')}</p>}
        {slip.tab === 'system' && picks.length >= 2 && <SystemFolds picks={picks.length} stake={stake} />}
        <label className={styles.stakeField}>
          <span>
            {slip.tab === 'system' ? t('sportsbook.betslip.unitStake') : t('sportsbook.betslip.stake')}
          </span>
          <input
            className="sb-input"
            inputMode="decimal"
            value={stake}
            onChange={(event) => slip.setStake(event.target.value.replace(/[^\d.]/g, ''))}
            data-testid="betslip-stake"
          />
        </label>
        <div className={styles.quick}>
          {QUICK_STAKES.map((amount) => (
            <button
              key={amount}
              type="button"
              className="sb-btn sb-btn--ghost"
              onClick={() => slip.setStake(addStake(stake, amount))}
              data-testid={`betslip-quick-${amount}`}
            >
              +{amount}
            </button>
          ))}
        </div>
        {limits.data && (
          <p className={styles.muted} data-testid="betslip-limits">
            {t('sportsbook.betslip.limits', {
              min: fmt.number(limits.data.min_stake),
              max: fmt.number(limits.data.max_stake),
            })}
          </p>
        )}
        {problem && (
          <p className={styles.stakeError} role="alert" data-testid="betslip-stake-error">
            {errorText(t, problem)}
          </p>
        )}
        <dl className={styles.figures}>
          {slip.tab === 'system' && (
            <>
              <dt>{t('sportsbook.betslip.totalStake')}</dt>
              <dd data-testid="betslip-total-stake">{figures ? fmt.money(figures.risk, currency) : '-'}</dd>
            </>
          )}
          {slip.tab !== 'system' && (
            <>
              <dt>{t('sportsbook.betslip.risk')}</dt>
              <dd data-testid="betslip-risk">{figures ? fmt.money(figures.risk, currency) : '-'}</dd>
            </>
          )}
          <dt>{t('sportsbook.betslip.payout')}</dt>
          <dd data-testid="betslip-payout">{figures ? fmt.money(figures.payout, currency) : '-'}</dd>
        </dl>
        <button
          type="button"
          className="sb-btn sb-btn--primary"
          disabled={!figures || problem !== null || viewOnly || place.isPending}
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
            {outcome.kind === 'placed' && <PlacedStatus bet={outcome.bet} />}
            {outcome.kind === 'error' && outcome.text}
            {outcome.kind === 'oddsChanged' && (
              <>
                <p>{t('sportsbook.betslip.oddsChanged', { old: outcome.old, new: outcome.next })}</p>
                <button
                  type="button"
                  className="sb-btn sb-btn--primary"
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
