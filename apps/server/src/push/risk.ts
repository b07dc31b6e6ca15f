import type { Bus } from '../bus/bus';
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

/** Most match ids one push names; a push gathering more names none (any match may have moved). */
const MAX_MATCH_IDS = 50;

/**
 * How long a brand's bet pushes gather before they go out as one. A desk reads its figures again on each push,
 * so a busy book (thousands of bets a second) must not ask every desk for a refresh per bet; a quarter of a
 * second is still live to a trader's eye.
 */
const RISK_PUSH_GATHER_MS = 250;

/** Match ids gathered per brand (null: too many to name), per bus, until the gathering's push goes out. */
const gathering = new WeakMap<Bus, Map<number, Set<number> | null>>();

/** The one way services tell the operators' desks that a brand's book moved. */
export class RiskNotifier {
  constructor(private readonly ctx: AppContext) {}

  /** Bets placed, accepted, rejected or settled on these matches: pushed with the others of the next moment. */
  async bets(brandId: number, matchIds: readonly (string | number)[]): Promise<void> {
    const bus = this.ctx.bus;
    let brands = gathering.get(bus);
    if (!brands) {
      brands = new Map();
      gathering.set(bus, brands);
      setTimeout(() => void this.flush(bus), RISK_PUSH_GATHER_MS).unref();
    }
    const ids = brands.has(brandId) ? brands.get(brandId) : new Set<number>();
    if (ids === null || ids === undefined) return;
    for (const id of matchIds) ids.add(Number(id));
    brands.set(brandId, ids.size > MAX_MATCH_IDS || matchIds.length === 0 ? null : ids);
  }

  private async flush(bus: Bus): Promise<void> {
    const brands = gathering.get(bus);
    gathering.delete(bus);
    for (const [brandId, ids] of brands ?? []) {
      const push: RiskPush = { op: 'risk', reason: 'bet', match_ids: ids === null ? [] : [...ids] };
      await bus
        .publish(RISK_CHANNEL, JSON.stringify({ brand_id: brandId, payload: push }))
        .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'risk push failed'));
    }
  }
}

/** Every process hands the risk pushes of the bus to its operators' sockets; returns the unsubscribe. */
export function relayRisk(ctx: AppContext, hub: PushHub): Promise<() => Promise<void>> {
  return ctx.bus.subscribe(RISK_CHANNEL, (message) => {
    const { brand_id: brandId, payload } = JSON.parse(message) as { brand_id: number; payload: RiskPush };
    hub.toRisk(brandId, payload);
  });
}
