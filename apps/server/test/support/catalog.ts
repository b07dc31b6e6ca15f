import { expect } from 'vitest';
import { catalogRepository } from '../../src/modules/catalog/repository';
import { boLogin } from './fixtures';
import type { TestEnv } from './harness';

export const TEST_SPORTS = [
  { id: 1, name: 'Soccer', order: 1, excluded: false, group: 'standard', model: 'soccer' },
  { id: 2, name: 'Basketball', order: 2, excluded: false, group: 'standard', model: 'spread' },
  { id: 22, name: 'Excluded', order: 22, excluded: true, group: 'standard', model: 'moneyline' },
  { id: 45, name: 'Virtual Soccer', order: 45, excluded: false, group: 'virtual', model: 'soccer' },
];

/** Sports plus an operator trading session: what a catalogue test needs before it creates matches. */
export async function tradingDesk(env: TestEnv) {
  await catalogRepository.upsertSports(env.ctx.db, TEST_SPORTS);
  // The snapshot of this app loaded before the sports existed: load them in.
  for (const sport of TEST_SPORTS) env.services.snapshot.sports.set(sport.id, { ...sport });
  const bo = await boLogin(env.app);
  const trade = async (name: string, body: unknown) => {
    const reply = await bo.call(`trade/${name}`, body);
    return reply.body;
  };
  const createMatch = async (body: Record<string, unknown>) => {
    const reply = await trade('creatematch', { sport_id: 1, league: 'Premier League', ...body });
    expect(reply.status, JSON.stringify(reply)).toBe('1');
    return reply.match_id as number;
  };
  return { trade, createMatch, bo };
}

/** Lets bus deliveries (microtasks) land in the snapshot. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
