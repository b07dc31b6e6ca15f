import type { AppContext } from '../context';
import type { PushHub } from './hub';

/** Bus channel for the trading desk's risk pushes, to operator sockets in whichever process they are connected. */
export const RISK_CHANNEL = 'risk';

/**
 * What tells an operator's desk to refresh its risk views: bets placed, accepted or rejected on these matches
 * (empty: not known) in its brand. Only match ids travel: the figures are read again through /bo/trade/forecast
 * and /bo/liability, with the caller's token checked there.
 */
export interface RiskPush {
  op: 'risk';
  reason: 'bet';
  match_ids: number[];
}

/** Most match ids one push names (a parlay has at most a few dozen legs). */
const MAX_MATCH_IDS = 50;

/** The one way services tell the operators' desks that a brand's book moved. */
export class RiskNotifier {
  constructor(private readonly ctx: AppContext) {}

  async bets(brandId: number, matchIds: readonly (string | number)[]): Promise<void> {
    const ids = [...new Set(matchIds.map(Number))].slice(0, MAX_MATCH_IDS);
    const push: RiskPush = { op: 'risk', reason: 'bet', match_ids: ids };
    await this.ctx.bus.publish(RISK_CHANNEL, JSON.stringify({ brand_id: brandId, payload: push }));
  }
}

/** Every process hands the risk pushes of the bus to its operators' sockets; returns the unsubscribe. */
export function relayRisk(ctx: AppContext, hub: PushHub): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(RISK_CHANNEL, (message) => {
    const { brand_id: brandId, payload } = JSON.parse(message) as { brand_id: number; payload: RiskPush };
    hub.toRisk(brandId, payload);
  });
}
