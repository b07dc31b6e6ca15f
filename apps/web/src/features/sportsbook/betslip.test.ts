import { beforeEach, describe, expect, it } from 'vitest';
import { useLayout } from '../../shared/settings/store';
import { addStake, emptySlip, foldsFor, slipFigures, useSlip, type SlipPick } from './betslip';

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
    useSlip.setState(emptySlip());
  });

  it('pays a positive MY single stake plus win, and risks stake x |odds| on a negative one', () => {
    expect(slipFigures('single', [pick(1, '0.85')], '100')).toEqual({
      risk: '100.00',
      payout: '185.00',
      bets: 1,
    });
    expect(slipFigures('single', [pick(1, '-0.80')], '100')).toEqual({
      risk: '80.00',
      payout: '180.00',
      bets: 1,
    });
    expect(slipFigures('single', [pick(1, '-1.25', 'ID')], '100')).toEqual({
      risk: '125.00',
      payout: '225.00',
      bets: 1,
    });
    expect(slipFigures('single', [pick(1, '2.10', 'DEC')], '10.50')).toEqual({
      risk: '10.50',
      payout: '22.05',
      bets: 1,
    });
  });

  it('multiplies parlay legs at decimal odds (a negative leg as 1 + 1/|odds|)', () => {
    expect(slipFigures('parlay', [pick(1, '0.90'), pick(2, '-0.80')], '10')).toEqual({
      risk: '10.00',
      payout: '42.75',
      bets: 1,
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
      state: { single: SlipPick; stakes: { single: string } };
    };
    expect(stored.state.single.matchId).toBe(4);
    expect(stored.state.stakes.single).toBe('25');
  });

  it('stakes a system per combination: a trixie of three legs is four bets', () => {
    const legs = [pick(1, '2.00', 'DEC'), pick(2, '3.00', 'DEC'), pick(3, '1.50', 'DEC')];
    expect(foldsFor(3, [])).toEqual([2, 3]);
    expect(foldsFor(3, [3])).toEqual([3]);
    expect(foldsFor(12, [])).toEqual([12]);
    // Doubles 6 + 3 + 4.5 and the treble 9, a unit of 10 each: 40 staked, 225 back if all win.
    expect(slipFigures('system', legs, '10', [2, 3])).toEqual({ risk: '40.00', payout: '225.00', bets: 4 });
    expect(slipFigures('system', legs, '10', [3])).toEqual({ risk: '10.00', payout: '90.00', bets: 1 });
    expect(slipFigures('system', legs.slice(0, 1), '10')).toBeNull();
  });

  it('pays a Myanmar bet its full win less the commission, and keeps Myanmar picks in Myanmar slips', () => {
    const figures = slipFigures('mmSingle', [{ ...pick(1, '1+50'), myanmar: true }], '100');
    expect(figures?.risk).toBe('100.00');
    expect(figures?.payout).toBe('195.00');
    useSlip.getState().add({ ...pick(1, '1+50'), myanmar: true });
    expect(useSlip.getState().tab).toBe('mmSingle');
    useSlip.getState().setTab('mmParlay');
    useSlip.getState().add({ ...pick(2, '=-30'), myanmar: true });
    useSlip.getState().add(pick(3, '0.85'));
    expect(Object.keys(useSlip.getState().mmParlay)).toEqual(['2']);
    expect(useSlip.getState().tab).toBe('single');
    expect(useSlip.getState().single?.matchId).toBe(3);
  });

  it('fills the stake by the default-stake setting: last stake, a fixed amount or none', () => {
    useLayout.getState().setBetting({ defaultStake: '2', defaultStakeAmount: '40' });
    useSlip.getState().add(pick(1, '0.85'));
    expect(useSlip.getState().stakes.single).toBe('40');
    useLayout.getState().setBetting({ defaultStake: '1' });
    useSlip.getState().setStake('75');
    useSlip.getState().placed();
    expect(useSlip.getState().single).toBeNull();
    useSlip.getState().add(pick(2, '0.85'));
    expect(useSlip.getState().stakes.single).toBe('75');
    useLayout.getState().setBetting({ defaultStake: '3' });
    useSlip.getState().setTab('parlay');
    useSlip.getState().add(pick(3, '0.85'));
    expect(useSlip.getState().stakes.parlay).toBe('');
  });
});
