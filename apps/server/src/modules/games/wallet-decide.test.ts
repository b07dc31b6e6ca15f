import type { WalletStatus } from '@sb/contract';
import { describe, expect, it } from 'vitest';
import type { GameRow, WalletMember } from './repository';
import { WalletBatch, type KnownTransaction } from './wallet-batch';
import { decideCall } from './wallet-decide';
import type { MoneyCall } from './wallet-engine';
import { WalletMemory, type RecallCall } from './wallet-memory';

const NOW = new Date('2026-12-03T12:00:00Z');
const PROVIDER = 'sim';

const game: GameRow = {
  id: '7',
  game_code: 'rl_lucky_lanterns',
  wallet_provider: PROVIDER,
  studio: 'reelhouse',
  name: 'Lucky Lanterns',
  product: 'slots',
  category: 'video',
  thumbnail_url: '',
  hot: false,
  is_new: false,
  platforms: ['desktop'],
  rtp: '96.00',
  provider_enabled: true,
  listed: true,
  maintenance: false,
  sort: 0,
  created_at: NOW,
  updated_at: NOW,
  studio_name: 'Reelhouse',
  studio_enabled: true,
};
const liveGame: GameRow = { ...game, id: '8', game_code: 'lc_baccarat', product: 'live_casino' };

function member(overrides: Partial<WalletMember> = {}): WalletMember {
  return {
    session_provider: PROVIDER,
    session_token: 'tok',
    session_game_pk: game.id,
    session_currency: 'MYR',
    session_expires_at: new Date(NOW.getTime() + 60_000),
    account_pk: '42',
    account_id: 'demomyr',
    state: 'active',
    features: {},
    member_type: 'cash',
    given_credit: 0n,
    currency: 'MYR',
    available_account: '420',
    available: 10_000n,
    outstanding: 0n,
    upline: [{ state: 'active', features: null }],
    ...overrides,
  };
}

/** A stored dedupe record of demomyr's. */
function stored(overrides: Partial<KnownTransaction>): KnownTransaction {
  return {
    walletProvider: PROVIDER,
    transactionUuid: 'b1',
    kind: 'bet',
    accountPk: '42',
    gamePk: game.id,
    round: 'R1',
    referenceUuid: null,
    amount: 500n,
    state: 'open',
    status: 'RS_OK',
    roundKey: 'k',
    ...overrides,
  };
}

const input = { request_uuid: 'q', token: 'tok', user: 'demomyr', round: 'R1', round_closed: false };
const bet = (
  amount: bigint,
  extra: Partial<{ transaction_uuid: string; currency: string }> = {},
): MoneyCall => ({
  kind: 'bet',
  provider: PROVIDER,
  amount,
  game,
  input: {
    ...input,
    transaction_uuid: 'b1',
    game_code: game.game_code,
    currency: 'MYR',
    amount: Number(amount) * 1000,
    ...extra,
  },
});
const win = (ref: string, amount: bigint): MoneyCall => ({
  kind: 'win',
  provider: PROVIDER,
  amount,
  game,
  input: {
    ...input,
    transaction_uuid: 'w1',
    reference_transaction_uuid: ref,
    game_code: game.game_code,
    currency: 'MYR',
    amount: Number(amount) * 1000,
  },
});
const rollback = (ref: string): MoneyCall => ({
  kind: 'rollback',
  provider: PROVIDER,
  amount: 0n,
  game,
  input: { ...input, transaction_uuid: 'r1', reference_transaction_uuid: ref, game_code: game.game_code },
});

interface Row {
  name: string;
  call: MoneyCall;
  member?: WalletMember;
  known?: KnownTransaction[];
  status: WalletStatus;
  /** The member's available balance after the call, as the batch moved it. */
  available: bigint;
  /** The members whose money the batch moves. */
  moved?: string[];
}

// The operator decision table (games-tournaments-backoffice.md 1.4), one call each on a fresh batch.
const TABLE: Row[] = [
  { name: 'bet', call: bet(500n), status: 'RS_OK', available: 9_500n, moved: ['42'] },
  { name: 'bet of the whole balance', call: bet(10_000n), status: 'RS_OK', available: 0n, moved: ['42'] },
  {
    name: 'bet above the balance',
    call: bet(10_001n),
    status: 'RS_ERROR_NOT_ENOUGH_MONEY',
    available: 10_000n,
  },
  {
    name: 'bet on an expired session',
    call: bet(500n),
    member: member({ session_expires_at: NOW }),
    status: 'RS_ERROR_TOKEN_EXPIRED',
    available: 10_000n,
  },
  {
    name: 'bet in another currency',
    call: bet(500n, { currency: 'USD' }),
    status: 'RS_ERROR_WRONG_CURRENCY',
    available: 10_000n,
  },
  {
    name: 'bet of a suspended member',
    call: bet(500n),
    member: member({ state: 'suspended' }),
    status: 'RS_ERROR_USER_DISABLED',
    available: 10_000n,
  },
  {
    name: 'bet under a closed upline',
    call: bet(500n),
    member: member({ upline: [{ state: 'closed', features: null }] }),
    status: 'RS_ERROR_USER_DISABLED',
    available: 10_000n,
  },
  {
    name: 'live bet with live casino switched off upline',
    call: { ...bet(500n), game: liveGame },
    member: member({ upline: [{ state: 'active', features: { live_casino: false } }] }),
    status: 'RS_ERROR_USER_DISABLED',
    available: 10_000n,
  },
  {
    name: 'slot bet with live casino switched off upline',
    call: bet(500n),
    member: member({ upline: [{ state: 'active', features: { live_casino: false } }] }),
    status: 'RS_OK',
    available: 9_500n,
    moved: ['42'],
  },
  {
    name: 'bet on an unknown game',
    call: { ...bet(500n), game: undefined },
    status: 'RS_ERROR_INVALID_GAME',
    available: 10_000n,
  },
  {
    name: 'bet replayed with the same content',
    call: bet(500n),
    known: [stored({})],
    status: 'RS_OK',
    available: 10_000n,
  },
  {
    name: 'bet id replayed with another amount',
    call: bet(600n),
    known: [stored({})],
    status: 'RS_ERROR_DUPLICATE_TRANSACTION',
    available: 10_000n,
  },
  {
    name: 'bet whose id a rollback tombstoned',
    call: bet(500n),
    known: [stored({ kind: 'tombstone', status: 'RS_ERROR_DUPLICATE_TRANSACTION', amount: 0n })],
    status: 'RS_ERROR_DUPLICATE_TRANSACTION',
    available: 10_000n,
  },
  {
    name: 'win of an open bet',
    call: win('b1', 1_200n),
    known: [stored({})],
    status: 'RS_OK',
    available: 11_200n,
    moved: ['42'],
  },
  {
    name: 'win of a rolled-back bet',
    call: win('b1', 1_200n),
    known: [stored({ state: 'rolled_back' })],
    status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
    available: 10_000n,
  },
  {
    name: 'win of a bet the platform closed',
    call: win('b1', 1_200n),
    known: [stored({ state: 'done' })],
    status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    available: 10_000n,
  },
  {
    name: "win of another member's bet",
    call: win('b1', 1_200n),
    known: [stored({ accountPk: '43' })],
    status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    available: 10_000n,
  },
  {
    name: 'win of an unknown bet',
    call: win('b9', 1_200n),
    status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    available: 10_000n,
  },
  {
    name: 'win on an expired session (expiry counts on bets only)',
    call: win('b1', 1_200n),
    member: member({ session_expires_at: NOW }),
    known: [stored({})],
    status: 'RS_OK',
    available: 11_200n,
    moved: ['42'],
  },
  {
    name: 'win of a suspended member (wins are still paid)',
    call: win('b1', 1_200n),
    member: member({ state: 'suspended' }),
    known: [stored({})],
    status: 'RS_OK',
    available: 11_200n,
    moved: ['42'],
  },
  {
    name: 'rollback of an open bet',
    call: rollback('b1'),
    known: [stored({})],
    status: 'RS_OK',
    available: 10_500n,
    moved: ['42'],
  },
  { name: 'rollback before its bet (tombstone)', call: rollback('b1'), status: 'RS_OK', available: 10_000n },
  {
    name: 'rollback of a won bet',
    call: rollback('b1'),
    known: [stored({ state: 'won' })],
    status: 'RS_OK',
    available: 10_000n,
  },
  {
    name: 'second rollback',
    call: rollback('b1'),
    known: [stored({ state: 'rolled_back' })],
    status: 'RS_OK',
    available: 10_000n,
  },
  {
    name: "rollback of another member's bet",
    call: rollback('b1'),
    known: [stored({ accountPk: '43' })],
    status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    available: 10_000n,
  },
];

describe('wallet decision table', () => {
  it.each(TABLE)('$name: $status', (row) => {
    const batch = new WalletBatch({ requests: [], transactions: row.known ?? [] });
    const read = row.member ?? member();
    const balance = { available: read.available };
    expect(decideCall(row.call, read, balance, batch, NOW)).toBe(row.status);
    expect(balance.available).toBe(row.available);
    expect([...batch.movedMembers()]).toEqual(row.moved ?? []);
  });

  it('a rollback before its bet leaves a tombstone that refuses the bet later in the same batch', () => {
    const batch = new WalletBatch({ requests: [], transactions: [] });
    const read = member();
    const balance = { available: read.available };
    expect(decideCall(rollback('b1'), read, balance, batch, NOW)).toBe('RS_OK');
    expect(batch.transaction(PROVIDER, 'b1')).toMatchObject({ kind: 'tombstone' });
    expect(decideCall(bet(500n), read, balance, batch, NOW)).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(balance.available).toBe(10_000n);
  });

  it('calls of one batch see what earlier calls decided: a bet, its win, then its rollback moves nothing', () => {
    const batch = new WalletBatch({ requests: [], transactions: [] });
    const read = member();
    const balance = { available: read.available };
    expect(decideCall(bet(500n), read, balance, batch, NOW)).toBe('RS_OK');
    expect(decideCall(win('b1', 1_200n), read, balance, batch, NOW)).toBe('RS_OK');
    expect(decideCall(rollback('b1'), read, balance, batch, NOW)).toBe('RS_OK');
    expect(balance.available).toBe(10_700n);
    expect(batch.transaction(PROVIDER, 'b1')?.state).toBe('won');
  });
});

/** What memory must hold for a call of demomyr's session: its id, and the bet it refers to. */
const recallOf = (transactionUuid: string, referenceUuid: string | null): RecallCall => ({
  provider: PROVIDER,
  token: 'tok',
  user: 'demomyr',
  transactionUuid,
  referenceUuid,
});

describe('a batch decided on what the wallet remembers (wallet-memory.ts keeps and recalls without copying)', () => {
  function remembering() {
    const memory = new WalletMemory();
    memory.rememberMembers([member()], '3');
    memory.rememberRecords([stored({})]);
    return memory;
  }

  it("a batch's decisions change its own copies, never what memory holds, until it is remembered after its write", () => {
    const memory = remembering();
    const recalled = memory.recall([recallOf('w1', 'b1')]);
    expect(recalled?.transactions).toEqual([stored({})]);
    const [read = member()] = recalled?.members ?? [];
    const batch = new WalletBatch({ requests: [], transactions: recalled?.transactions ?? [] });
    expect(decideCall(win('b1', 1_200n), read, { available: read.available }, batch, NOW)).toBe('RS_OK');
    expect(batch.transaction(PROVIDER, 'b1')?.state).toBe('won');
    // Not written yet (or its write failed): memory still holds the bet open.
    expect(memory.recall([recallOf('w2', 'b1')])?.transactions[0]?.state).toBe('open');
    // Remembered after its write: a won bet leaves memory (it keeps open bets only), so a second win is read.
    memory.rememberRecords(batch.records());
    expect(memory.recall([recallOf('w2', 'b1')])).toBeUndefined();
  });

  it('keeps open bets only: a won or rolled-back bet, a win and a rollback leave it, and are read when named', () => {
    const memory = remembering();
    expect(memory.recall([recallOf('w1', 'b1')])?.transactions.map((t) => t.transactionUuid)).toEqual(['b1']);
    // The bet won: neither it nor its win is held, so a retried or second win (or a rollback) on b1 is read.
    memory.rememberRecords([
      stored({ state: 'won' }),
      stored({ transactionUuid: 'w1', kind: 'win', state: 'done', referenceUuid: 'b1' }),
    ]);
    expect(memory.recall([recallOf('w1', 'b1')])).toBeUndefined();
    expect(memory.recall([recallOf('r1', 'b1')])).toBeUndefined();
    expect(memory.heldRecords).toBe(0);
    memory.rememberRecords([stored({ transactionUuid: 'b2' })]);
    memory.rememberRecords([
      stored({ transactionUuid: 'b2', state: 'rolled_back' }),
      stored({ transactionUuid: 'r2', kind: 'rollback', state: 'done', referenceUuid: 'b2' }),
    ]);
    expect(memory.recall([recallOf('w2', 'b2')])).toBeUndefined();
    expect(memory.heldRecords).toBe(0);
  });

  it('holds the bets still open, not every record that passed', () => {
    const memory = remembering();
    for (let i = 0; i < 5_000; i += 1) {
      memory.rememberRecords([stored({ transactionUuid: `bet-${i}` })]);
      // Each bet's win comes two bets later.
      if (i >= 2)
        memory.rememberRecords([
          stored({ transactionUuid: `bet-${i - 2}`, state: 'won' }),
          stored({
            transactionUuid: `win-${i - 2}`,
            kind: 'win',
            state: 'done',
            referenceUuid: `bet-${i - 2}`,
          }),
        ]);
    }
    // b1 (remembering's) and the last two bets.
    expect(memory.heldRecords).toBe(3);
  });

  it.each([
    { name: 'a member never read', call: { ...recallOf('w1', 'b1'), token: 'other' } },
    { name: "another account's id on the session", call: { ...recallOf('w1', 'b1'), user: 'demousd' } },
    { name: 'a call whose own id is known (a replay: read)', call: recallOf('b1', null) },
    { name: 'a reference not held', call: recallOf('w1', 'b9') },
  ])('answers nothing for $name', ({ call }) => {
    expect(remembering().recall([recallOf('b2', null), call])).toBeUndefined();
  });

  it('answers nothing for members read at an older account rules version than one seen since', () => {
    const memory = remembering();
    memory.rememberMembers([member({ session_token: 'tok2', account_id: 'demo2' })], '4');
    expect(memory.recall([recallOf('b2', null)])).toBeUndefined();
    expect(memory.recall([{ ...recallOf('b2', null), token: 'tok2', user: 'demo2' }])?.rulesVersion).toBe(
      '4',
    );
  });
});
