import { createContext, memo, useContext, useMemo } from 'react';
import { drawValueLabel } from '../../shared/draws';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { TFunction } from 'i18next';
import { formatMyanmarLine, isDrawKind, otherSideLine, type OddsFormat } from '@sb/domain';
import { slipPickOf, useSlip, type SlipPick } from './betslip';
import { priceFormat, useMarkets } from './markets';
import styles from './sportsbook.module.css';

/** The line as the books show it: a handicap on the giving side (home when negative), a total on over. */
export function lineFor(kind: string, line: string, selection: string): string {
  if (kind === 'hdp') {
    const value = Number(line);
    if (!Number.isFinite(value)) return '';
    if (value === 0) return selection === 'h' ? '0' : '';
    const giving = value < 0 ? 'h' : 'a';
    return selection === giving ? line.replace(/^[-+]/, '') : '';
  }
  if (kind === 'ou') return selection === 'o' ? line : '';
  return '';
}

/** A draw market's name: keno's markets, or the number game's D_1..D_6 by what it is on. */
export function drawMarketTitle(t: TFunction, kind: string): string {
  if (kind === 'keno_pick') return t('ngresult.games.kenoPick');
  return kind === 'keno'
    ? t('ngresult.games.keno')
    : t(`ngresult.outcomes.${kind}` as 'ngresult.outcomes.d1');
}

/** A selection key as a short label: odd/even, other, no goal translated; codes (1, X, 1X, HH, 2-1) as sent. */
export function selectionLabel(t: TFunction, kind: string, key: string): string {
  const lower = key.toLowerCase();
  if (isDrawKind(kind)) return drawValueLabel(t, kind, key);
  if (kind === 'oe' && (lower === 'odd' || lower === 'o')) return t('sportsbook.sel.odd');
  if (kind === 'oe' && (lower === 'even' || lower === 'e')) return t('sportsbook.sel.even');
  if (lower === 'aos' || lower === 'other') return t('sportsbook.sel.other');
  if (kind === 'fglg' && lower === 'ng') return t('sportsbook.sel.none');
  if (kind === 'ou' && lower === 'o') return t('sportsbook.over');
  if (kind === 'ou' && lower === 'u') return t('sportsbook.under');
  return kind === 'outright' ? key : key.toUpperCase();
}

/**
 * The few texts every price cell needs, provided once per list: a cell of its own with useTranslation costs a
 * subscription per price, and a list mounts hundreds of them while it scrolls.
 */
export interface CellLabels {
  suspended: string;
  over: string;
  under: string;
}
export const CellLabelsContext = createContext<CellLabels>({ suspended: '', over: '', under: '' });

export function useCellLabels(): CellLabels {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      suspended: t('sportsbook.suspended'),
      over: t('sportsbook.over'),
      under: t('sportsbook.under'),
    }),
    [t],
  );
}

/** Whether the slip holds this price (in the tab that shows it). */
const usePicked = (marketId: number, selection: string) =>
  useSlip((state) => {
    const same = (pick: SlipPick | null | undefined) =>
      pick?.marketId === marketId && pick.selection === selection;
    switch (state.tab) {
      case 'single':
        return same(state.single);
      case 'mmSingle':
        return same(state.mmSingle);
      case 'mmParlay':
        return Object.values(state.mmParlay).some(same);
      default:
        return Object.values(state.parlay).some(same);
    }
  });

/** Adds a price of the store to the slip, at the price shown now. */
function addToSlip(marketId: number, selection: string, format: OddsFormat, myanmar: boolean): void {
  const { markets, matches } = useMarkets.getState();
  const market = markets[marketId];
  const match = market ? matches[market.matchId] : undefined;
  if (!market || !match) return;
  const mm = myanmar ? market.mm : undefined;
  useSlip.getState().add(
    slipPickOf(market, match, {
      marketId,
      selection,
      odds: mm ? formatMyanmarLine(mm) : (market.prices[selection] ?? ''),
      format: mm ? 'MY' : priceFormat(market.kind, format),
      myanmar: Boolean(mm),
    }),
  );
}

/** One price: re-renders only when its own price, status or move changes; flashes on a move. */
export const PriceCell = memo(function PriceCell({
  marketId,
  selection,
  format,
}: {
  marketId: number;
  selection: string;
  format: OddsFormat;
}) {
  const labels = useContext(CellLabelsContext);
  // One subscription for the three fields: a tick elsewhere costs a selector call, not a render.
  const [price, open, move] = useMarkets(
    useShallow((state) => {
      const market = state.markets[marketId];
      return [market?.prices[selection], market?.open ?? false, market?.moves[selection]] as const;
    }),
  );
  const picked = usePicked(marketId, selection);
  if (price === undefined) return <span className={styles.price} />;
  if (!open) {
    return (
      <span className={`${styles.price} ${styles.locked}`} data-testid={`price-${marketId}-${selection}`}>
        <span aria-hidden="true">🔒</span>
        <span className="sb-visually-hidden">{labels.suspended}</span>
      </span>
    );
  }
  const flash = move ? (move.dir > 0 ? styles.up : styles.down) : '';
  return (
    <button
      type="button"
      key={move?.at ?? 0}
      className={`${styles.price} ${price.startsWith('-') ? styles.negative : ''} ${flash} ${picked ? styles.picked : ''}`}
      data-testid={`price-${marketId}-${selection}`}
      onClick={() => addToSlip(marketId, selection, format, false)}
    >
      {price}
    </button>
  );
});

/**
 * A Myanmar-odds price of a handicap or goals market: the favourite's line ('1+50') on its side and the same
 * line as the other side reads it ('1-50'); the slip keeps the favourite's line, as betmmoclick answers it.
 */
export const MyanmarCell = memo(function MyanmarCell({
  marketId,
  selection,
}: {
  marketId: number;
  selection: string;
}) {
  const labels = useContext(CellLabelsContext);
  const [mm, open, move] = useMarkets(
    useShallow((state) => {
      const market = state.markets[marketId];
      return [market?.mm, market?.open ?? false, market?.moves.mm] as const;
    }),
  );
  const picked = usePicked(marketId, selection);
  if (!mm) return <span className={styles.price} />;
  if (!open) {
    return (
      <span className={`${styles.price} ${styles.locked}`} data-testid={`mm-${marketId}-${selection}`}>
        <span aria-hidden="true">🔒</span>
        <span className="sb-visually-hidden">{labels.suspended}</span>
      </span>
    );
  }
  let text: string;
  try {
    text = formatMyanmarLine(selection === mm.fav ? mm : otherSideLine(mm));
  } catch {
    return <span className={styles.price} />;
  }
  const flash = move ? (move.dir > 0 ? styles.up : styles.down) : '';
  return (
    <button
      type="button"
      key={move?.at ?? 0}
      className={`${styles.price} ${text.includes('-') ? styles.negative : ''} ${flash} ${picked ? styles.picked : ''}`}
      data-testid={`mm-${marketId}-${selection}`}
      onClick={() => addToSlip(marketId, selection, 'MY', true)}
    >
      {text}
    </button>
  );
});

export const LineCell = memo(function LineCell({
  marketId,
  selection,
}: {
  marketId: number;
  selection: string;
}) {
  const text = useMarkets((state) => {
    const market = state.markets[marketId];
    return market ? lineFor(market.kind, market.line, selection) : '';
  });
  return <span className={styles.line}>{text}</span>;
});

/** Every selection of one market with its label and price, in the order the server lists them. */
export const MarketPrices = memo(function MarketPrices({
  marketId,
  format,
}: {
  marketId: number;
  format: OddsFormat;
}) {
  const { t } = useTranslation();
  const kind = useMarkets((state) => state.markets[marketId]?.kind ?? '');
  const keys = useMarkets((state) => state.markets[marketId]?.keys);
  const line = useMarkets((state) => state.markets[marketId]?.line ?? '');
  if (!keys) return null;
  return (
    <div className={styles.prices}>
      {keys.map((key) => (
        <div key={key} className={styles.pick}>
          <span className={styles.line}>
            {selectionLabel(t, kind, key)}
            {kind === 'hdp' || kind === 'ou' ? ` ${lineFor(kind, line, key)}`.trimEnd() : ''}
          </span>
          <PriceCell marketId={marketId} selection={key} format={format} />
        </div>
      ))}
    </div>
  );
});
