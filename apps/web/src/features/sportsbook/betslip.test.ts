import { beforeEach, describe, expect, it } from 'vitest';
import { addStake, slipFigures, useSlip, type SlipPick } from './betslip';

const pick = (matchId: number, odds: string, format: SlipPick['format'] = 'MY'): SlipPick => ({
  marketId: matchId * 10,
  matchId,
  selection: 'h',
  odds,
  format,
  kind: 'hdp',
  period: 'ft',
  line: '-0.25',
  home: 'Home',
  away: 'Away',
});

describe('bet slip maths', () => {
  beforeEach(() => {
    useSlip.setState({ tab: 'single', single: null, parlay: {}, stake: '', attempt: null });
  });

  it('pays a positive MY single stake plus win, and risks stake x |odds| on a negative one', () => {
    expect(slipFigures('single', [pick(1, '0.85')], '100')).toEqual({ risk: '100.00', payout: '185.00' });
    expect(slipFigures('single', [pick(1, '-0.80')], '100')).toEqual({ risk: '80.00', payout: '180.00' });
    expect(slipFigures('single', [pick(1, '-1.25', 'ID')], '100')).toEqual({
      risk: '125.00',
      payout: '225.00',
    });
    expect(slipFigures('single', [pick(1, '2.10', 'DEC')], '10.50')).toEqual({
      risk: '10.50',
      payout: '22.05',
    });
  });

  it('multiplies parlay legs at decimal odds (a negative leg as 1 + 1/|odds|)', () => {
    expect(slipFigures('parlay', [pick(1, '0.90'), pick(2, '-0.80')], '10')).toEqual({
      risk: '10.00',
      payout: '42.75',
    });
    expect(slipFigures('parlay', [pick(1, '0.90')], '10')).toBeNull();
  });

  it('has no figures without a valid stake', () => {
    expect(slipFigures('single', [pick(1, '0.85')], '')).toBeNull();
    expect(slipFigures('single', [pick(1, '0.85')], '1.234')).toBeNull();
    expect(slipFigures('single', [pick(1, '0.85')], '0')).toBeNull();
  });

  it('adds quick stakes to the typed amount', () => {
    expect(addStake('', '50')).toBe('50');
    expect(addStake('12.5', '100')).toBe('112.50');
  });

  it('keeps one parlay pick per match and a single pick in the single tab', () => {
    const slip = useSlip.getState();
    slip.add(pick(1, '0.85'));
    slip.add(pick(2, '0.90'));
    expect(useSlip.getState().single?.matchId).toBe(2);
    useSlip.getState().setTab('parlay');
    useSlip.getState().add(pick(1, '0.85'));
    useSlip.getState().add({ ...pick(1, '0.70'), selection: 'a' });
    useSlip.getState().add(pick(3, '0.95'));
    expect(Object.keys(useSlip.getState().parlay)).toEqual(['1', '3']);
    expect(useSlip.getState().parlay[1]?.selection).toBe('a');
  });

  it('reuses the idempotency key for the same payload and makes a new one after a change or success', () => {
    const first = useSlip.getState().keyFor('a');
    expect(useSlip.getState().keyFor('a')).toBe(first);
    const second = useSlip.getState().keyFor('b');
    expect(second).not.toBe(first);
    useSlip.getState().endAttempt();
    expect(useSlip.getState().keyFor('b')).not.toBe(second);
  });

  it('persists the slip in localStorage', () => {
    useSlip.getState().add(pick(4, '0.85'));
    useSlip.getState().setStake('25');
    const stored = JSON.parse(localStorage.getItem('sb_betslip') ?? '{}') as {
      state: { single: SlipPick; stake: string };
    };
    expect(stored.state.single.matchId).toBe(4);
    expect(stored.state.stake).toBe('25');
  });
});
