import { describe, expect, it } from 'vitest';
import { dayNumberOf } from './days';
import { reportDayChanges, type SettledFigures } from './report-rows';

const bet = (extra: Partial<SettledFigures>): SettledFigures => ({
  memberPk: '7',
  currency: 'MYR',
  settledAt: new Date('2026-03-02T05:00:00Z'),
  risk: 1_000n,
  validTurnover: 1_000n,
  winLoss: 900n,
  commission: 2n,
  parts: [],
  ...extra,
});

describe('report_days changes of a batch', () => {
  it('sums bets per betting day, member and currency, each level apart', () => {
    const changes = reportDayChanges([
      bet({
        parts: [
          { level: 'agent', winLoss: -90n, commission: 1n },
          { level: 'operator', winLoss: -810n, commission: 0n },
        ],
      }),
      // Same member and day (12:00 GMT+8 on 2 March is 04:00 UTC: both after it), lost.
      bet({
        settledAt: new Date('2026-03-03T03:59:59.999Z'),
        risk: 500n,
        validTurnover: 500n,
        winLoss: -500n,
        commission: 1n,
        parts: [{ level: 'agent', winLoss: 50n, commission: 0n }],
      }),
      // The next betting day; another currency; another member whose id sorts after by number, not text.
      bet({ settledAt: new Date('2026-03-03T04:00:00Z') }),
      bet({ currency: 'USD' }),
      bet({ memberPk: '10' }),
    ]);
    const day = dayNumberOf('2026-03-02', 'd');
    expect(changes.map((row) => [row.day - day, row.memberPk, row.currency, row.bets])).toEqual([
      [0, '7', 'MYR', 2],
      [0, '7', 'USD', 1],
      [0, '10', 'MYR', 1],
      [1, '7', 'MYR', 1],
    ]);
    const [first] = changes;
    expect(first).toMatchObject({ turnover: 1_500n, validTurnover: 1_500n, winLoss: 400n, commission: 3n });
    expect(first?.levels.agent).toEqual({ winLoss: -40n, commission: 1n });
    expect(first?.levels.operator).toEqual({ winLoss: -810n, commission: 0n });
    expect(first?.levels.master).toEqual({ winLoss: 0n, commission: 0n });
  });

  it('leaves out parts of levels that are not report columns, and answers nothing for no bets', () => {
    const [row] = reportDayChanges([bet({ parts: [{ level: 'member', winLoss: 5n, commission: 5n }] })]);
    expect(
      Object.values(row?.levels ?? {}).every((part) => part.winLoss === 0n && part.commission === 0n),
    ).toBe(true);
    expect(reportDayChanges([])).toEqual([]);
  });
});
