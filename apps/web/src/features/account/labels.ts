import { useTranslation } from 'react-i18next';
import { REJECT_REASONS, betTypeKey, choiceOf, statusKey, type Leg } from './api/bets';

/** The account screens' words for the server's codes: statuses, bet types, choices, reasons. */
export function useBetLabels() {
  const { t } = useTranslation();
  const status = (value: string) => {
    const key = statusKey(value);
    return key ? t(`betStatus.${key}` as 'betStatus.running') : value;
  };
  const betType = (code: string) => {
    const { key, firstHalf } = betTypeKey(code);
    const name = key ? t(`bets.types.${key}` as 'bets.types.hdp') : code;
    return firstHalf ? t('bets.firstHalfOf', { type: name }) : name;
  };
  /** The pick as a bettor reads it: the team or side, with the line when there is one. */
  const pick = (leg: Leg) => {
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
