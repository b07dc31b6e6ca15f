import { useTranslation } from 'react-i18next';
import { drawValueLabel } from '../../shared/draws';
import { REJECT_REASONS, betTypeKey, choiceOf, statusKey, type Leg } from './api/bets';

/** Our own draws' bet type codes (keno's market, the number game's D_1..D_6) and their market kinds. */
const DRAW_TYPES: Record<string, string> = {
  BT_KENO: 'keno',
  BT_KENO_PICK: 'keno_pick',
  D_1: 'd1',
  D_2: 'd2',
  D_3: 'd3',
  D_4: 'd4',
  D_5: 'd5',
  D_6: 'd6',
};
/** The account screens' words for the server's codes: statuses, bet types, choices, reasons. */
export function useBetLabels() {
  const { t } = useTranslation();
  const status = (value: string) => {
    // A keno pick's leg won at its hit count's multiplier: 'won_px2.07'.
    const paid = /^won_px(\d+\.\d{2})$/.exec(value);
    if (paid) return `${t('betStatus.won')} ×${paid[1]}`;
    const key = statusKey(value);
    return key ? t(`betStatus.${key}` as 'betStatus.running') : value;
  };
  const betType = (code: string) => {
    const draw = DRAW_TYPES[code];
    if (draw)
      return draw === 'keno' || draw === 'keno_pick'
        ? t(draw === 'keno' ? 'ngresult.games.keno' : 'ngresult.games.kenoPick')
        : t(`ngresult.outcomes.${draw}` as 'ngresult.outcomes.d1');
    const { key, firstHalf } = betTypeKey(code);
    const name = key ? t(`bets.types.${key}` as 'bets.types.hdp') : code;
    return firstHalf ? t('bets.firstHalfOf', { type: name }) : name;
  };
  /** The pick as a bettor reads it: the team or side, with the line when there is one. */
  const pick = (leg: Leg) => {
    // A draw's '1' or '2' is a range or a ball, never the first- or second-named side.
    const draw = DRAW_TYPES[leg.betType];
    if (draw) return drawValueLabel(t, draw, leg.choice);
    const choice = choiceOf(leg);
    const side =
      'team' in choice
        ? choice.team
        : 'key' in choice
          ? t(`bets.choices.${choice.key}` as 'bets.choices.over')
          : choice.raw;
    return leg.line ? `${side} ${leg.line}` : side;
  };
  const reason = (value: string) =>
    REJECT_REASONS.includes(value) ? t(`bets.reasons.${value}` as 'bets.reasons.goal') : value;
  return { status, betType, pick, reason };
}
