import {
  ACCOUNT_LEVELS,
  type AccountLevel,
  type BoMemberRow,
  type Currency,
  type Feature,
  type MemberState,
} from '@sb/contract';
import {
  loginFitsPrefix,
  presetProblem,
  type ProductSetting,
  uplinePasswordProblem,
  validatePassword,
} from '@sb/domain';
import type { AppContext } from '../../context';
import { MemberNotifier } from '../../push/member';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { formatMinor, toMinor } from '../../lib/money';
import { hashPassword, newSessionToken, signLaunchToken } from '../../lib/security';
import { accountRecords as repo } from '../account/service';
import type { BoAccessService, BoCaller } from '../boaccess/service';
import { isUniqueViolation } from '../../db/errors';
import type { Trx } from '../../db/types';
import { depositCapOf } from './defaults';
import {
  ceilingOf,
  limitFacts,
  ownLimitsOf,
  startingLimits,
  writeLimits,
  type ClampedAccount,
} from './limits';
import { uplineRepository } from './repository';
import { applyProductSettings, productSettingsOf } from './products';
import { productRepository } from './products-repository';

const CHILD_LEVEL: Record<AccountLevel, AccountLevel | null> = {
  operator: 'shareholder',
  shareholder: 'super_senior',
  super_senior: 'senior',
  senior: 'master',
  master: 'agent',
  agent: 'member',
  member: null,
};

export interface NewAccountInput {
  account_id: string;
  password: string;
  parent_id?: string;
  commission_rate?: string;
  /** Position taking: the share of its downline members' win/loss this upline level takes. */
  pt_share?: string;
  currency?: Currency;
  member_type?: 'cash' | 'credit';
  operator_type?: 1 | 2;
  /** Upline levels: the prefix every login created under the new account must start with. */
  downline_prefix?: string;
  /** Per-product position taking and commission, as setproducts takes them. */
  products?: ProductSetting[];
  /** Or one of the caller's presets by name. */
  preset?: string;
}

/**
 * The upline's powers over its downline (backoffice calls). Every call checks the target sits strictly
 * below the caller in the chain: an agent cannot touch another agent's member.
 */
export class UplineService {
  private readonly members: MemberNotifier;

  constructor(
    private readonly ctx: AppContext,
    private readonly access: BoAccessService,
  ) {
    this.members = new MemberNotifier(ctx);
  }

  /** Creates the top of a chain (seed and operator onboarding): no caller above it. */
  async createOperator(input: {
    account_id: string;
    password: string;
    brandId: number;
    operatorType: 1 | 2;
  }) {
    assertPasswordRule(input.password, false);
    return this.ctx.db.transaction().execute(async (trx) => {
      if (await this.access.loginTaken(trx, input.account_id))
        throw new AppError('account_exists', { field: 'account_id' });
      return repo.insert(
        trx,
        {
          account_id: input.account_id,
          level: 'operator',
          parent_id: null,
          brand_id: input.brandId,
          password_hash: await hashPassword(input.password),
          state: 'active',
          commission_rate: null,
          comm_type: 'A',
          operator_type: input.operatorType,
          currency: null,
          member_type: null,
          nickname: null,
          given_credit: 0n,
          features: '{}',
          settings: '{}',
        },
        null,
      );
    });
  }

  async createAccount(caller: BoCaller, input: NewAccountInput): Promise<BoMemberRow> {
    if (!/^[A-Za-z0-9_]{3,30}$/.test(input.account_id))
      throw new AppError('invalid_request', { field: 'account_id' });
    const passwordHash = await hashPassword(input.password);
    return this.ctx.db.transaction().execute(async (trx) => {
      const parent = input.parent_id ? await this.downlineOrSelf(trx, caller, input.parent_id) : caller;
      const level = CHILD_LEVEL[parent.level as AccountLevel];
      if (!level) throw new AppError('forbiddenAccess', { field: 'parent_id' });
      const isMember = level === 'member';
      // Agent sites: a downline's username is its parent's prefix plus characters, when the parent has one.
      if (!loginFitsPrefix(input.account_id, parent.downline_prefix))
        throw new AppError('loginPrefix', { field: 'account_id', extra: { prefix: parent.downline_prefix } });
      if (isMember && input.downline_prefix !== undefined)
        throw new AppError('invalid_request', { field: 'downline_prefix' });
      assertPasswordRule(input.password, isMember);
      // The spec: every upline level below the operator carries a commission rate.
      if (!isMember && input.commission_rate === undefined)
        throw new AppError('rate_required', { field: 'commission_rate' });
      if (isMember && !input.currency) throw new AppError('currency_required', { field: 'currency' });
      if (input.commission_rate !== undefined) assertRateWithin(input.commission_rate, parent);
      if (await this.access.loginTaken(trx, input.account_id))
        throw new AppError('account_exists', { field: 'account_id' });
      let row: AccountRow;
      try {
        row = await repo.insert(
          trx,
          {
            account_id: input.account_id,
            level,
            parent_id: parent.id,
            brand_id: parent.brand_id,
            password_hash: passwordHash,
            state: 'active',
            commission_rate: input.commission_rate ?? null,
            pt_share: isMember ? '0' : (input.pt_share ?? '0'),
            comm_type: 'A',
            operator_type: null,
            currency: isMember ? (input.currency ?? null) : null,
            member_type: isMember ? (input.member_type ?? 'cash') : null,
            nickname: null,
            given_credit: 0n,
            features: '{}',
            settings: '{}',
            downline_prefix: input.downline_prefix ?? null,
          },
          parent.path,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('account_exists', { field: 'account_id' });
        throw error;
      }
      if (!isMember && input.pt_share !== undefined) await this.checkShare(trx, row, input.pt_share);
      if (isMember && input.currency)
        await this.ctx.ledger.openMemberAccounts(trx, String(row.id), input.currency);
      // It starts with its parent's limits (a member's in its currency), read under the chain's share locks.
      const limits = await startingLimits(trx, parent, isMember ? (input.currency ?? null) : null);
      await repo.upsertBetLimits(trx, String(row.id), limits);
      const products = await this.startingProducts(trx, caller, row, input);
      const created = toMemberRow(row, parent.account_id, 0n, 0n);
      await this.audit(
        trx,
        caller,
        row,
        'account.create',
        {},
        {
          ...created,
          pt_share: isMember ? null : (input.pt_share ?? '0'),
          bet_limits: limits.map(limitFacts),
          ...products,
        },
      );
      return created;
    });
  }

  async setState(caller: BoCaller, input: { account_id: string; state: MemberState }): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const target = await this.downline(trx, caller, input.account_id);
      await repo.update(trx, String(target.id), { state: input.state }, true);
      await this.audit(trx, caller, target, 'account.state', { state: target.state }, { state: input.state });
    });
    await this.notify(input.account_id, 'profile');
  }

  /** Cash in for a cash member (idempotent by transfer id). */
  async deposit(caller: BoCaller, input: { account_id: string; amount: string; transfer_id: string }) {
    return this.moveCash(caller, input, 'deposit');
  }

  async withdraw(caller: BoCaller, input: { account_id: string; amount: string; transfer_id: string }) {
    return this.moveCash(caller, input, 'withdraw');
  }

  /** Sets a credit member's given credit to a new total; the difference moves against the parent's credit line. */
  async setCredit(caller: BoCaller, input: { account_id: string; amount: string; transfer_id: string }) {
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const target = await this.downline(trx, caller, input.account_id);
      if (target.level !== 'member' || target.member_type !== 'credit')
        throw new AppError('invalid_request', { field: 'account_id' });
      const locked = await repo.lockForUpdate(trx, String(target.id));
      if (!locked || !locked.currency || !locked.parent_id) throw new AppError('wallet_not_exists');
      const next = toMinor(input.amount);
      const delta = next - locked.given_credit;
      const common = {
        // The caller's own id, kept in the callers' namespace by the ledger: it can never name a system transfer.
        transferId: { callerPk: String(caller.id), id: input.transfer_id },
        ownerPk: String(locked.id),
        currency: locked.currency,
        uplinePk: String(locked.parent_id),
      };
      if (delta > 0n) {
        const moved = await this.ctx.ledger.credit(trx, { ...common, amount: delta, kind: 'credit_given' });
        if (moved.replayed) return this.memberRow(trx, String(locked.id));
      } else if (delta < 0n) {
        const moved = await this.ctx.ledger.debit(trx, { ...common, amount: -delta, kind: 'credit_taken' });
        if (moved.replayed) return this.memberRow(trx, String(locked.id));
      }
      await repo.update(trx, String(locked.id), { given_credit: next }, true);
      await this.audit(
        trx,
        caller,
        locked,
        'account.credit',
        { given_credit: formatMinor(locked.given_credit) },
        { given_credit: formatMinor(next), transfer_id: input.transfer_id },
      );
      return this.memberRow(trx, String(locked.id));
    });
    await this.notify(input.account_id, 'balance');
    return row;
  }

  /**
   * Sets a downline account's bet limits (a member's in its currency, an upline level's in MYR), each inside its
   * parent's; lowering an upline level's clamps every account below it, in the same transaction, with an audit
   * row per account the clamp changed.
   */
  async setBetLimits(
    caller: BoCaller,
    input: {
      account_id: string;
      limits: {
        id: string;
        min: string;
        max: string;
        max_payout: string;
        max_per_match?: string | undefined;
      }[];
    },
  ): Promise<void> {
    const limits = input.limits.map((limit) => ({
      limitId: limit.id,
      min: toMinor(limit.min),
      max: toMinor(limit.max),
      maxPayout: toMinor(limit.max_payout),
      maxPerMatch: limit.max_per_match === undefined ? undefined : toMinor(limit.max_per_match),
    }));
    const clamped = await this.ctx.db.transaction().execute(async (trx) => {
      // The target first: a caller outside the downline is refused as such, whatever the limits.
      const target = await this.downline(trx, caller, input.account_id);
      for (const limit of limits) {
        if (limit.max < limit.min || limit.maxPayout < limit.max)
          throw new AppError('invalid_amount', { field: 'limits' });
      }
      if (new Set(limits.map((limit) => limit.limitId)).size !== limits.length)
        throw new AppError('invalid_request', { field: 'limits' });
      // Its own row first (the profile version bumped): a change below waits for this one (see writeLimits).
      await repo.update(trx, String(target.id), {}, true);
      const change = await writeLimits(trx, target, limits);
      await this.audit(
        trx,
        caller,
        target,
        'account.bet_limits',
        change.before.map(limitFacts),
        change.after.map(limitFacts),
      );
      await this.auditClamped(trx, caller, target, change.clamped);
      return change.clamped;
    });
    await this.notify(input.account_id, 'profile');
    for (const change of clamped)
      if (change.account.level === 'member') await this.notify(change.account.account_id, 'profile');
  }

  /** A downline account's bet limits and its parent's ceiling beside them, in the account's unit. */
  async betLimits(caller: BoCaller, input: { account_id: string }) {
    const target = await this.downline(this.ctx.db, caller, input.account_id);
    const [own, ceiling] = [await ownLimitsOf(this.ctx.db, target), await ceilingOf(this.ctx.db, target)];
    return {
      account_id: target.account_id,
      unit: target.level === 'member' ? (target.currency ?? '') : 'MYR',
      limits: [...own].map(([limitId, entry]) => ({
        ...limitFacts({ limitId, ...entry.limit }),
        own: entry.own,
      })),
      ceiling: [...ceiling].map(([limitId, limit]) => limitFacts({ limitId, ...limit })),
    };
  }

  async setCommission(caller: BoCaller, input: { account_id: string; rate: string }): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const target = await this.downline(trx, caller, input.account_id);
      // Inside its parent's own rate, and not below a rate it already passes down (its margin never negative).
      const parent = target.parent_id ? await repo.findByPk(trx, String(target.parent_id)) : undefined;
      if (parent) assertRateWithin(input.rate, parent);
      const highestBelow = await uplineRepository.highestChildRate(trx, String(target.id));
      if (highestBelow !== null && Number(highestBelow) > Number(input.rate))
        throw new AppError('aboveUplineLimit', { field: 'rate' });
      await repo.update(trx, String(target.id), { commission_rate: input.rate }, true);
      await productRepository.upsert(trx, String(target.id), 'sportsbook', {
        pt_share: target.pt_share,
        commission_rate: input.rate,
      });
      await this.audit(
        trx,
        caller,
        target,
        'account.commission',
        { commission_rate: target.commission_rate },
        { commission_rate: input.rate },
      );
    });
    await this.notify(input.account_id, 'profile');
  }

  /** Sets an upline level's position-taking share; the levels of any chain through it take at most all. */
  async setShare(caller: BoCaller, input: { account_id: string; share: string }): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const target = await this.downline(trx, caller, input.account_id);
      if (target.level === 'member' || target.level === 'operator')
        throw new AppError('invalid_request', { field: 'account_id' });
      await this.checkShare(trx, target, input.share);
      await uplineRepository.setShare(trx, String(target.id), input.share);
      await productRepository.upsert(trx, String(target.id), 'sportsbook', {
        pt_share: input.share,
        commission_rate: target.commission_rate,
      });
      await this.audit(
        trx,
        caller,
        target,
        'account.share',
        { pt_share: target.pt_share },
        { pt_share: input.share },
      );
    });
  }

  /**
   * A share is refused when, with the shares above it and the largest sum of shares on any path below it, a
   * chain would take more than the whole result (the operator takes what the levels leave).
   */
  private async checkShare(trx: Trx, account: AccountRow, share: string): Promise<void> {
    const { ancestors, below } = await uplineRepository.shareChain(trx, {
      id: String(account.id),
      path: account.path,
    });
    const above = ancestors
      .filter((a) => a.level !== 'operator')
      .reduce((sum, a) => sum + basisPoints(a.pt_share), 0);
    const shareOf = new Map(below.map((a) => [String(a.id), basisPoints(a.pt_share)]));
    let deepest = 0;
    for (const descendant of below) {
      const chain = descendant.path
        .slice(account.path.length)
        .split('/')
        .filter(Boolean)
        .reduce((sum, id) => sum + (shareOf.get(id) ?? 0), 0);
      deepest = Math.max(deepest, chain);
    }
    if (above + basisPoints(share) + deepest > 10_000) {
      throw new AppError('invalid_request', {
        field: 'pt_share',
        extra: { reason: 'the shares along a chain would exceed 100%' },
      });
    }
  }

  async setFeatures(
    caller: BoCaller,
    input: { account_id: string; features: Partial<Record<Feature, boolean>> },
  ) {
    await this.ctx.db.transaction().execute(async (trx) => {
      const target = await this.downline(trx, caller, input.account_id);
      const features = { ...target.features, ...input.features };
      await repo.update(trx, String(target.id), { features: JSON.stringify(features) }, true);
      await this.audit(trx, caller, target, 'account.features', target.features, features);
    });
    await this.notify(input.account_id, 'profile');
  }

  async resetPassword(caller: BoCaller, input: { account_id: string; new_password: string }): Promise<void> {
    const passwordHash = await hashPassword(input.new_password);
    await this.ctx.db.transaction().execute(async (trx) => {
      const target = await this.downline(trx, caller, input.account_id);
      assertPasswordRule(input.new_password, target.level === 'member', 'new_password');
      await repo.update(
        trx,
        String(target.id),
        { password_hash: passwordHash, password_changed_at: this.ctx.now() },
        false,
      );
      await repo.revokeSessions(trx, String(target.id));
      // Never the password or its hash: that the password changed, and by whom, is the fact.
      await this.audit(trx, caller, target, 'account.password', {}, { password: 'reset' });
    });
  }

  /** Opens a downline account locked after three failed sign-ins. */
  async unlock(caller: BoCaller, input: { account_id: string }): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const target = await this.downline(trx, caller, input.account_id);
      if (target.level === 'member') throw new AppError('invalid_request', { field: 'account_id' });
      await this.access.unlockAccount(trx, caller.bo.actor, target);
    });
  }

  /** Removes a downline account's second factor (a lost phone): it enrols a new one at its next sign-in. */
  async resetSecondFactor(caller: BoCaller, input: { account_id: string }): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const target = await this.downline(trx, caller, input.account_id);
      if (target.level === 'member') throw new AppError('invalid_request', { field: 'account_id' });
      await this.access.removeSecondFactor(trx, caller.bo.actor, target);
    });
  }

  async listMembers(caller: AccountRow, input: { parent_id?: string; page: number; page_size: number }) {
    const root = input.parent_id ? await this.downlineOrSelf(this.ctx.db, caller, input.parent_id) : caller;
    const { rows, total } = await repo.listMembers(this.ctx.db, root.path, input.page, input.page_size);
    return {
      total,
      page: input.page,
      members: rows.map((row): BoMemberRow => ({
        account_id: row.account_id,
        level: row.level as AccountLevel,
        parent_id: row.parent_account_id,
        state: row.state,
        currency: row.currency,
        member_type: row.member_type,
        available_balance: row.available === null ? null : formatMinor(row.available),
        outstanding_balance: row.outstanding === null ? null : formatMinor(row.outstanding),
        given_credit: formatMinor(row.given_credit),
        commission_rate: row.commission_rate,
        downline_prefix: row.downline_prefix,
      })),
    };
  }

  /** A one-time launch token for one of the caller's members (the operator side of token login). */
  async issueLaunchToken(caller: AccountRow, input: { account_id: string }) {
    const target = await this.downline(this.ctx.db, caller, input.account_id);
    if (target.level !== 'member') throw new AppError('invalid_request', { field: 'account_id' });
    const exp = this.ctx.now().getTime() + this.ctx.config.launchTokenTtlMs;
    return {
      token: signLaunchToken(
        { account_id: target.account_id, exp, nonce: newSessionToken() },
        this.ctx.secret,
      ),
    };
  }

  /** The named account if it sits strictly below the caller (for other capabilities' backoffice calls). */
  async downlineAccount(caller: AccountRow, accountId: string): Promise<AccountRow> {
    return this.downline(this.ctx.db, caller, accountId);
  }

  /** A downline account's position taking and commission per product (issue 18 item 4). */
  async products(caller: BoCaller, input: { account_id: string }) {
    const target = await this.downline(this.ctx.db, caller, input.account_id);
    return { account_id: target.account_id, products: await productSettingsOf(this.ctx.db, target) };
  }

  /** Sets per-product values on a downline account, each inside its parent's for that product; audited. */
  async setProducts(caller: BoCaller, input: { account_id: string; settings: ProductSetting[] }) {
    await this.ctx.db.transaction().execute(async (trx) => {
      // The target first: a caller outside the downline is refused as such, whatever the settings.
      const target = await this.downline(trx, caller, input.account_id);
      assertPreset(input.settings);
      // The account row first (its profile version bumped), then its product rows: the order setCommission and
      // setShare take too, so concurrent changes of one account queue instead of deadlocking.
      await repo.update(trx, String(target.id), {}, true);
      const change = await applyProductSettings(trx, target, input.settings);
      await this.audit(trx, caller, target, 'account.products', change.before, change.after);
    });
    await this.notify(input.account_id, 'profile');
  }

  /** The caller's level's presets: named per-product templates for its downline. */
  async presetList(caller: BoCaller) {
    return { presets: await productRepository.presets(this.ctx.db, String(caller.id)) };
  }

  async presetSave(caller: BoCaller, input: { name: string; settings: ProductSetting[] }) {
    assertPreset(input.settings);
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = (await productRepository.presets(trx, String(caller.id))).find(
        (p) => p.name === input.name,
      );
      await productRepository.savePreset(trx, String(caller.id), input.name, input.settings);
      await this.audit(trx, caller, caller, 'preset.save', before ?? {}, input);
    });
  }

  async presetDelete(caller: BoCaller, input: { name: string }) {
    await this.ctx.db.transaction().execute(async (trx) => {
      const before = (await productRepository.presets(trx, String(caller.id))).find(
        (p) => p.name === input.name,
      );
      if (!before || !(await productRepository.deletePreset(trx, String(caller.id), input.name)))
        throw new AppError('invalid_request', { field: 'name' });
      await this.audit(trx, caller, caller, 'preset.delete', before, {});
    });
  }

  /** Applies one of the caller's presets to a downline account: the same checks and audit as setProducts. */
  async presetApply(caller: BoCaller, input: { account_id: string; name: string }) {
    await this.ctx.db.transaction().execute(async (trx) => {
      // The target first: a caller outside the downline learns nothing about the presets.
      const target = await this.downline(trx, caller, input.account_id);
      // The account row first, as setProducts: concurrent changes of one account queue, never deadlock.
      await repo.update(trx, String(target.id), {}, true);
      const preset = (await productRepository.presets(trx, String(caller.id))).find(
        (p) => p.name === input.name,
      );
      if (!preset) throw new AppError('invalid_request', { field: 'name' });
      // A member takes no position: a preset's shares are for upline levels, its commissions for anyone.
      const settings: ProductSetting[] =
        target.level === 'member'
          ? preset.settings.map((setting) => ({
              product: setting.product,
              commission_rate: setting.commission_rate,
            }))
          : preset.settings;
      const change = await applyProductSettings(
        trx,
        target,
        settings.filter((setting) => setting.pt_share !== undefined || setting.commission_rate !== undefined),
      );
      await this.audit(trx, caller, target, 'account.products', change.before, {
        preset: preset.name,
        products: change.after,
      });
    });
    await this.notify(input.account_id, 'profile');
  }

  // ---- internals ----

  /**
   * A new account's per-product settings (given, or one of the caller's presets: not both), applied with
   * setproducts' chain checks; what it applied, for the creation's audit row.
   */
  private async startingProducts(trx: Trx, caller: BoCaller, row: AccountRow, input: NewAccountInput) {
    if (input.products !== undefined && input.preset !== undefined)
      throw new AppError('invalid_request', { field: 'preset' });
    let settings: ProductSetting[] | undefined = input.products;
    if (settings !== undefined) assertPreset(settings);
    if (input.preset !== undefined) {
      const preset = (await productRepository.presets(trx, String(caller.id))).find(
        (p) => p.name === input.preset,
      );
      if (!preset) throw new AppError('invalid_request', { field: 'preset' });
      // A member takes no position, as presetapply: the preset's commissions only.
      settings =
        row.level === 'member'
          ? preset.settings
              .filter((setting) => setting.commission_rate !== undefined)
              .map((setting) => ({ product: setting.product, commission_rate: setting.commission_rate }))
          : preset.settings;
    }
    if (!settings || settings.length === 0) return {};
    const change = await applyProductSettings(trx, row, settings);
    return { products: change.after, ...(input.preset !== undefined ? { preset: input.preset } : {}) };
  }

  /** One audit row per account a lowered limit clamped, naming the account whose change caused it. */
  private async auditClamped(
    trx: Trx,
    caller: BoCaller,
    cause: AccountRow,
    clamped: readonly ClampedAccount[],
  ): Promise<void> {
    for (const change of clamped) {
      await this.audit(
        trx,
        caller,
        change.account,
        'account.bet_limits.clamped',
        change.before.map(limitFacts),
        { limits: change.after.map(limitFacts), inside: cause.account_id },
      );
    }
  }

  /** The audit row of a change to a downline account, in the change's transaction (written last: see append). */
  private audit(
    trx: Trx,
    caller: BoCaller,
    target: Pick<AccountRow, 'account_id' | 'path'>,
    action: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return this.ctx.audit.record(trx, this.ctx.now(), caller.bo.actor, {
      action,
      target: target.account_id,
      scopePath: target.path,
      before,
      after,
    });
  }

  /** Tells the member's open apps (any process) to refresh: the member topic of the push hub. */
  private async notify(accountId: string, op: 'balance' | 'profile'): Promise<void> {
    if (op === 'profile') return this.members.send(accountId, { op });
    const account = await repo.findByAccountId(this.ctx.db, accountId);
    if (account) await this.members.balance(account);
  }

  private async moveCash(
    caller: BoCaller,
    input: { account_id: string; amount: string; transfer_id: string },
    kind: 'deposit' | 'withdraw',
  ) {
    const row = await this.ctx.db.transaction().execute(async (trx) => {
      const target = await this.downline(trx, caller, input.account_id);
      if (target.level !== 'member' || !target.currency) throw new AppError('wallet_not_exists');
      const common = {
        transferId: { callerPk: String(caller.id), id: input.transfer_id },
        ownerPk: String(target.id),
        currency: target.currency,
        amount: toMinor(input.amount),
      };
      const cap = kind === 'deposit' ? depositCapOf(caller.level, target.currency as Currency) : null;
      if (cap !== null && common.amount > cap) throw new AppError('aboveUplineLimit', { field: 'amount' });
      const moved =
        kind === 'deposit'
          ? await this.ctx.ledger.credit(trx, { ...common, kind: 'deposit' })
          : await this.ctx.ledger.debit(trx, { ...common, kind: 'withdraw' });
      const row = await this.memberRow(trx, String(target.id));
      // A replayed transfer id moved nothing this time: the first call's audit row stands.
      if (!moved.replayed) {
        await this.audit(
          trx,
          caller,
          target,
          `account.${kind}`,
          {},
          {
            amount: formatMinor(common.amount),
            transfer_id: input.transfer_id,
            available: row.available_balance,
          },
        );
      }
      return row;
    });
    await this.notify(input.account_id, 'balance');
    return row;
  }

  private async memberRow(trx: Trx, pk: string): Promise<BoMemberRow> {
    const row = await repo.findByPk(trx, pk);
    if (!row) throw new AppError('account_not_exists');
    const parent = row.parent_id ? await repo.findByPk(trx, String(row.parent_id)) : undefined;
    const balances = row.currency
      ? await this.ctx.ledger.balances(trx, pk, row.currency)
      : { available: 0n, outstanding: 0n };
    return toMemberRow(row, parent?.account_id ?? null, balances.available, balances.outstanding);
  }

  /** The target must sit strictly below the caller. */
  private async downline(
    ex: Trx | AppContext['db'],
    caller: AccountRow,
    accountId: string,
  ): Promise<AccountRow> {
    const target = await repo.findByAccountId(ex, accountId);
    if (!target) throw new AppError('account_not_exists', { field: 'account_id' });
    if (target.id === caller.id || !target.path.startsWith(caller.path))
      throw new AppError('forbiddenAccess');
    return target;
  }

  private async downlineOrSelf(ex: Trx | AppContext['db'], caller: AccountRow, accountId: string) {
    if (accountId.toLowerCase() === caller.account_id.toLowerCase()) return caller;
    return this.downline(ex, caller, accountId);
  }
}

function toMemberRow(
  row: AccountRow,
  parentAccountId: string | null,
  available: bigint,
  outstanding: bigint,
): BoMemberRow {
  const isMember = row.level === 'member';
  return {
    account_id: row.account_id,
    level: ACCOUNT_LEVELS.includes(row.level as AccountLevel) ? (row.level as AccountLevel) : 'member',
    parent_id: parentAccountId,
    state: row.state,
    currency: row.currency,
    member_type: row.member_type,
    available_balance: isMember ? formatMinor(available) : null,
    outstanding_balance: isMember ? formatMinor(outstanding) : null,
    given_credit: isMember ? formatMinor(row.given_credit) : null,
    commission_rate: row.commission_rate,
    downline_prefix: row.downline_prefix,
  };
}

/** A preset or a per-product change names each product once and sets something for it. */
function assertPreset(settings: readonly ProductSetting[]): void {
  if (presetProblem(settings)) throw new AppError('invalid_request', { field: 'settings' });
}

/** A member's password follows the member rule (6-10); every upline level's the back office's (decision 14). */
function assertPasswordRule(password: string, isMember: boolean, field = 'password'): void {
  if (isMember) {
    if (validatePassword(password)) throw new AppError('invalid_new_password', { field });
  } else if (uplinePasswordProblem(password)) {
    throw new AppError('weakPassword', { field });
  }
}

/** A 4-decimal rate as whole basis points of a basis point: '0.2' -> 2000 (exact, for sums and bounds). */
function basisPoints(rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, '0').slice(0, 4));
}

/**
 * A rate a level gives its downline sits inside its own (the operator, without a rate, gives any): a rebate above
 * the giver's own would be paid by the house on every bet.
 */
function assertRateWithin(rate: string, giver: AccountRow): void {
  if (giver.level === 'operator' || giver.commission_rate === null) return;
  if (Number(rate) > Number(giver.commission_rate)) throw new AppError('aboveUplineLimit', { field: 'rate' });
}

/**
 * Per-product shares and commission rates published for the win/loss report's game rounds (statement
 * `gameReports`): one product's values of the given accounts, defaults filled in (no row: no share, no rate).
 */
export const productRecords = {
  valuesOf: productRepository.valuesOf.bind(productRepository),
};
