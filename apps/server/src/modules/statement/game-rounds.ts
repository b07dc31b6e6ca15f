import { UPLINE_LEVELS } from '@sb/contract';
import { productOfGameKind, roundFigures } from '@sb/domain';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';
import { gameRebateTransfer, levelShareTransfers } from '../ledger/bet-postings';
import { MEMBER_AVAILABLE } from '../ledger/service';
import { ledgerBatch, type BulkTransfer } from '../ledger/service';
import { productRecords } from '../upline/service';
import { bucketOf } from './days';
import {
  roundReportRepository as repo,
  type CountedRound,
  type FinishedRound,
  type RoundSource,
  roundKey,
} from './rounds-repository';

/** Most rounds of each source one batch counts (one transaction); the job runs batches until none is left. */
export const ROUND_BATCH = 500;
/** Most batches one run of the job takes (the rest waits for the next run). */
export const ROUND_BATCHES_PER_RUN = 20;

const SOURCES: readonly RoundSource[] = ['provider', 'minigame', 'lottery'];

/**
 * Counts finished game rounds into the win/loss report (issue 18 item 5; rules.md decisions 12-14): provider
 * rounds as casino, mini-game rounds and 4D tickets as games. Why a background batch and not the round's own
 * transaction: the seamless wallet's hot path (thousands of calls a second, batched per lane) stays one lock
 * read and one write; the report lags by at most the job's interval. Each batch is one transaction: the
 * rounds are locked (skipping those another process holds), their figures computed with the member chain's
 * shares of the product as they are now and stored per round (report_rounds: a later change of shares never
 * alters them, a rebuild re-adds them), the rounds marked counted and report_days added to. Idempotent (the mark,
 * and a round already in report_rounds is not added twice) and restart-safe (nothing is half counted).
 * Each round counts as one bet; turnover and valid turnover are the amount staked (decision 13).
 * The levels' parts move through the ledger like the sportsbook's bet shares (postShares), and the member's
 * commission (rebate) on the rounds is paid to the member in the same ledger write (rebates).
 */
export async function countFinishedRounds(db: Db): Promise<number> {
  let counted = 0;
  for (let batch = 0; batch < ROUND_BATCHES_PER_RUN; batch += 1) {
    const { seen, added } = await db.transaction().execute((trx) => countBatch(trx));
    counted += added;
    if (seen < ROUND_BATCH) break;
  }
  return counted;
}

async function countBatch(trx: Trx): Promise<{ seen: number; added: number }> {
  const rounds = await repo.finishedRounds(trx, SOURCES, ROUND_BATCH);
  const most = Math.max(
    0,
    ...SOURCES.map((source) => rounds.filter((round) => round.source === source).length),
  );
  if (rounds.length === 0) return { seen: 0, added: 0 };
  const paths = await repo.pathsOf(
    trx,
    rounds.map((round) => round.memberPk),
  );
  const chainIds = [...new Set([...paths.values()].flatMap((path) => path.split('/').filter(Boolean)))];
  // The chains' values of the products the batch holds only (a batch of provider rounds reads casino's alone).
  const held = new Set(rounds.map(reportProductOf));
  const valuesOf = async (product: ReportProduct): Promise<Values> =>
    held.has(product) ? productRecords.valuesOf(trx, chainIds, product) : new Map();
  const byProduct = { casino: await valuesOf('casino'), games: await valuesOf('games') };
  const counted = rounds.map((round) => figuresOf(round, paths.get(round.memberPk) ?? '', byProduct));
  const added = await repo.count(trx, counted);
  await postShares(
    trx,
    batchKeyOf(rounds),
    counted.filter((round) => added.has(roundKey(round))),
  );
  return { seen: most, added: added.size };
}

/**
 * A batch's key for its ledger transfer ids: each source's first round. Every round is counted once, so no two
 * batches share a first round of a source they both hold, and the key names one batch only.
 */
function batchKeyOf(rounds: FinishedRound[]): string {
  const first = (source: RoundSource) => rounds.find((round) => round.source === source)?.roundPk ?? '-';
  return `${GAME_REPORT_BATCH_PREFIX}p${first('provider')}-m${first('minigame')}-l${first('lottery')}`;
}

/** How the ref of every transfer this job writes (rebates, shares) starts: its batch key. */
export const GAME_REPORT_BATCH_PREFIX = 'games-';

/**
 * The levels' parts in the ledger, as settlement posts the sportsbook's: per operator and currency one transfer
 * a batch from the house to each level's 'upline_pl' account (its win/loss part plus its commission), in the
 * batch's transaction, so ledger:verify and the books agree with what the report shows.
 */
async function postShares(trx: Trx, batchKey: string, rounds: CountedRound[]): Promise<void> {
  const groups = new Map<string, { operator: string; currency: string; byLevel: Map<string, bigint> }>();
  for (const round of rounds) {
    const operator = round.levels.get('operator')?.accountPk;
    if (!operator) continue;
    const key = `${operator}|${round.currency}`;
    const group = groups.get(key) ?? { operator, currency: round.currency, byLevel: new Map() };
    groups.set(key, group);
    for (const part of round.levels.values()) {
      const amount = part.winLoss + part.commission;
      group.byLevel.set(part.accountPk, (group.byLevel.get(part.accountPk) ?? 0n) + amount);
    }
  }
  const transfers: BulkTransfer[] = await levelShareTransfers(trx, batchKey, groups.values());
  transfers.push(...(await rebates(trx, batchKey, rounds)));
  if (transfers.length > 0) await ledgerBatch.write(trx, transfers);
}

/**
 * The members' commission on the batch's rounds (a rate per product, default none), one transfer per member and
 * currency from the house. Written with the shares in one ledger write: its accounts are locked in id order
 * together, as the wallet's batches lock theirs, so the two never wait on each other crosswise.
 */
async function rebates(trx: Trx, batchKey: string, rounds: CountedRound[]): Promise<BulkTransfer[]> {
  const owed = new Map<string, { memberPk: string; currency: string; amount: bigint }>();
  for (const round of rounds) {
    if (round.commission <= 0n) continue;
    const key = `${round.memberPk}|${round.currency}`;
    const entry = owed.get(key) ?? { memberPk: round.memberPk, currency: round.currency, amount: 0n };
    entry.amount += round.commission;
    owed.set(key, entry);
  }
  const transfers: BulkTransfer[] = [];
  const byCurrency = new Map<string, { memberPk: string; amount: bigint }[]>();
  for (const entry of owed.values()) {
    const members = byCurrency.get(entry.currency) ?? [];
    members.push(entry);
    byCurrency.set(entry.currency, members);
  }
  for (const [currency, members] of byCurrency) {
    const accounts = await ledgerBatch.memberAccounts(
      trx,
      members.map((member) => member.memberPk),
      MEMBER_AVAILABLE,
      currency,
    );
    const houseAccountId = await ledgerBatch.houseAccount(trx, currency);
    for (const member of members) {
      const memberAccountId = accounts.get(member.memberPk);
      if (!memberAccountId) continue;
      transfers.push(
        gameRebateTransfer({
          batchKey,
          memberPk: member.memberPk,
          currency,
          amount: member.amount,
          memberAccountId,
          houseAccountId,
        }),
      );
    }
  }
  return transfers;
}

type Values = Map<string, { level: string; pt_share: string; commission_rate: string | null }>;
type ReportProduct = 'casino' | 'games';

/** The report's product of a round: provider rounds are casino, mini-game rounds and 4D tickets games. */
const reportProductOf = (round: { source: RoundSource }): ReportProduct =>
  productOfGameKind(round.source) === 'casino' ? 'casino' : 'games';

/** One round's report figures with its member chain's current values of the round's product. */
function figuresOf(
  round: FinishedRound,
  path: string,
  byProduct: Record<ReportProduct, Values>,
): CountedRound {
  const product = reportProductOf(round);
  const values = byProduct[product];
  // The chain root first (the company: the operator), the member last.
  const chain = path
    .split('/')
    .filter(Boolean)
    .map((id) => ({ id, value: values.get(id) }));
  const member = chain.pop();
  const [, ...levels] = chain;
  const memberWinLoss = round.returned - round.stake;
  const figures = roundFigures({
    memberWinLoss,
    validTurnover: round.stake,
    levels: levels.map((level) => ({
      share: level.value?.pt_share ?? '0',
      commissionRate: level.value?.commission_rate ?? null,
    })),
    memberCommissionRate: member?.value?.commission_rate ?? null,
  });
  const parts: CountedRound['levels'] = new Map();
  const operator = chain[0];
  if (operator?.value && isLevel(operator.value.level))
    parts.set(operator.value.level, { accountPk: operator.id, winLoss: figures.company, commission: 0n });
  levels.forEach((level, index) => {
    const part = figures.levels[index];
    if (level.value && isLevel(level.value.level) && part)
      parts.set(level.value.level, { accountPk: level.id, ...part });
  });
  return {
    source: round.source,
    roundPk: round.roundPk,
    product,
    day: bucketOf(round.finishedAt.getTime()),
    memberPk: round.memberPk,
    currency: round.currency,
    turnover: round.stake,
    validTurnover: round.stake,
    winLoss: memberWinLoss,
    commission: figures.memberCommission,
    levels: parts,
  };
}

function isLevel(level: string): boolean {
  return (UPLINE_LEVELS as readonly string[]).includes(level);
}
