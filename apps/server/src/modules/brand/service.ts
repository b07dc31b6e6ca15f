import type { BrandSettings, BrandView } from '@sb/contract';
import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { UplineService } from '../upline/service';
import { DEFAULT_BRAND_SETTINGS, logoOf, settingsOf, titleOf } from './defaults';
import { brandRepository as repo } from './repository';

/** Bus channel: a brand changed somewhere; every process reads the brands again. */
export const BRANDS_CHANNEL = 'brands';

/** A brand as every request reads it (from memory). */
export interface Brand {
  id: number;
  code: string;
  name: string;
  isDefault: boolean;
  settings: BrandSettings;
  hosts: string[];
  view: BrandView;
}

/** How long a process serves its brands before reading them again even without a change message. */
const REFRESH_MS = 30_000;

/**
 * The brands and the host names that serve them, held in memory (a request's brand is a map lookup) and
 * refreshed when an operator changes one (bus message to every process) or every half minute. A host not
 * listed, localhost included, is served by the default brand.
 */
export class BrandService {
  private byHost = new Map<string, Brand>();
  private byIdMap = new Map<number, Brand>();
  private fallback: Brand = brandOf(
    { id: 0, code: 'demo', name: 'Demo', settings: '{}', is_default: true },
    [],
  );
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly upline: UplineService,
  ) {}

  /** Reads the brands and listens for changes; answers how to stop listening. */
  async start(): Promise<() => Promise<void>> {
    await this.reload();
    return this.ctx.bus.subscribe(BRANDS_CHANNEL, () => void this.reload());
  }

  /**
   * The brand a Host header names (port and case aside), else the default brand; undefined while no brand
   * exists at all (a database not seeded yet: nothing to tell apart).
   */
  ofHost(host: string | undefined): Brand | undefined {
    if (Date.now() - this.loadedAt > REFRESH_MS) void this.reload();
    if (this.byIdMap.size === 0) return undefined;
    const name = (host ?? '').trim().toLowerCase();
    return this.byHost.get(name) ?? this.byHost.get(name.replace(/:\d+$/, '')) ?? this.fallback;
  }

  /** Reads the brands again now (a seed or a change made outside this service). */
  refresh(): Promise<void> {
    return this.reload();
  }

  /** The default brand (or, before any exists, the platform's defaults). */
  fallbackBrand(): Brand {
    return this.fallback;
  }

  byId(id: number): Brand {
    return this.byIdMap.get(id) ?? this.fallback;
  }

  /** The brands an operator may see: its own; the default brand's operator sees every brand. */
  list(caller: AccountRow): Brand[] {
    const all = [...this.byIdMap.values()];
    return this.isPlatformOperator(caller) ? all : all.filter((brand) => brand.id === caller.brand_id);
  }

  /**
   * Creates a brand with its operator account (the default brand's operator only), or changes one (its own
   * operator or the default brand's). Live at once here and, through the bus, on every other process.
   */
  async save(
    caller: AccountRow,
    input: {
      code: string;
      name: string;
      hosts: string[];
      settings: BrandSettings;
      operator?: { account_id: string; password: string } | undefined;
    },
  ): Promise<Brand> {
    const existing = await repo.byCode(this.ctx.db, input.code);
    const platform = this.isPlatformOperator(caller);
    if (existing ? !platform && existing.id !== caller.brand_id : !platform) {
      throw new AppError('forbiddenAccess', { httpStatus: 403 });
    }
    if (!existing && !input.operator) throw new AppError('invalid_request', { field: 'operator' });
    if (!input.settings.languages.includes(input.settings.default_language)) {
      throw new AppError('invalid_request', { field: 'settings.default_language' });
    }
    const hosts = [...new Set(input.hosts.map((host) => host.toLowerCase()))];
    const id = await this.ctx.db.transaction().execute(async (trx) => {
      const brandId = await repo.upsert(trx, {
        code: input.code,
        name: input.name,
        settings: JSON.stringify(input.settings),
        theme: input.settings.theme,
        language: input.settings.default_language,
      });
      if (!(await repo.setHosts(trx, brandId, hosts)))
        throw new AppError('invalid_request', { field: 'hosts' });
      return brandId;
    });
    if (!existing && input.operator) {
      try {
        await this.upline.createOperator({ ...input.operator, brandId: id, operatorType: 1 });
      } catch (error) {
        // No brand without its operator (an id taken, say): the new brand and its hosts go again.
        await this.ctx.db.transaction().execute((trx) => repo.remove(trx, id));
        throw error;
      }
    }
    await this.reload();
    await this.ctx.bus.publish(BRANDS_CHANNEL, JSON.stringify({ code: input.code }));
    return this.byId(id);
  }

  private isPlatformOperator(caller: AccountRow): boolean {
    return caller.level === 'operator' && this.byId(caller.brand_id).isDefault;
  }

  private reload(): Promise<void> {
    if (this.loading) return this.loading;
    this.loading = this.read().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    try {
      const { brands, hosts } = await repo.all(this.ctx.db);
      const byId = new Map<number, Brand>();
      for (const row of brands) {
        const own = hosts.filter((host) => host.brand_id === row.id).map((host) => host.host);
        byId.set(row.id, brandOf(row, own));
      }
      const byHost = new Map<string, Brand>();
      for (const brand of byId.values()) for (const host of brand.hosts) byHost.set(host, brand);
      this.byIdMap = byId;
      this.byHost = byHost;
      this.fallback =
        [...byId.values()].find((brand) => brand.isDefault) ?? [...byId.values()][0] ?? this.fallback;
      this.loadedAt = Date.now();
    } catch (error) {
      // Serve what is known; the next request tries again.
      this.loadedAt = Date.now();
      this.ctx.log.warn({ err: error }, 'brands not read');
    }
  }
}

function brandOf(
  row: { id: number; code: string; name: string; settings: string; is_default: boolean },
  hosts: string[],
): Brand {
  const settings = row.settings === '{}' ? DEFAULT_BRAND_SETTINGS : settingsOf(row.settings);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    isDefault: row.is_default,
    settings,
    hosts,
    view: {
      code: row.code,
      name: row.name,
      title: titleOf(row.name),
      logo: logoOf(row.name, settings),
      settings,
    },
  };
}
