import type { Fish } from './engines/fishing';
import type { SlotDefinition, SlotPay } from './engines/slot';
import { rational, type Rational } from './rational';

/** The simulator's catalogue: four studios, each game a variant of one engine with its own name, art and paytable. */
export const STUDIOS = {
  rl: 'Red Lantern',
  jg: 'Jade Gate',
  gt: 'Golden Table',
  ok: 'Ocean King',
} as const;
export type Studio = keyof typeof STUDIOS;

export type Product = 'slots' | 'live_casino' | 'fishing' | 'others';

interface GameBase {
  code: string;
  name: string;
  studio: Studio;
  product: Product;
  category: string;
  tags: ('hot' | 'new')[];
  /** Two colours for the generated art. */
  colours: [string, string];
  rtp: Rational;
}

export type Game =
  | (GameBase & { engine: 'slot'; slot: SlotDefinition })
  | (GameBase & { engine: 'baccarat'; roundSeconds: number })
  | (GameBase & { engine: 'fishing'; fish: Fish[] })
  | (GameBase & { engine: 'roulette' });

/** Slot symbols: four high (characters) and four low (card ranks), best first. */
const SLOT_SYMBOLS = [
  ['龍', '福', '金', '寶', 'A', 'K', 'Q', 'J'],
  ['虎', '財', '玉', '鯉', 'A', 'K', 'Q', 'J'],
  ['鳳', '喜', '壽', '祿', 'A', 'K', 'Q', '10'],
  ['王', '星', '月', '竹', 'K', 'Q', 'J', '10'],
] as const;

/**
 * A paytable for the eight symbols, in hundredths of the stake for 3, 4 and 5 on the line. `volatility`
 * (1 to 4) stretches the top pays and trims the low ones, so each variant plays differently.
 */
function paytable(symbols: readonly string[], volatility: number): SlotPay[] {
  const base: [number, number, number][] = [
    [500, 2500, 10000],
    [300, 1200, 5000],
    [200, 800, 2500],
    [150, 500, 1500],
    [100, 250, 800],
    [80, 200, 600],
    [60, 150, 400],
    [50, 120, 300],
  ];
  return symbols.flatMap((symbol, tier) => {
    const [three, four, five] = base[tier] ?? [50, 100, 200];
    const stretch = tier < 4 ? 100 + 25 * (volatility - 1) : 100 - 5 * (volatility - 1);
    return ([3, 4, 5] as const).map((count, k) => ({
      symbol,
      count,
      payout: BigInt(Math.round((([three, four, five][k] ?? 0) * stretch) / 100)),
    }));
  });
}

const SLOT_VARIANTS: [Studio, string, string, number, number, GameBase['tags'], [string, string]][] = [
  // studio, code suffix, name, RTP in basis points, volatility, tags, colours
  ['rl', 'lucky_lanterns', 'Lucky Lanterns', 9650, 2, ['hot'], ['#b91c1c', '#f59e0b']],
  ['rl', 'dragon_gold', 'Dragon Gold', 9600, 4, ['hot'], ['#7f1d1d', '#fbbf24']],
  ['rl', 'fortune_koi', 'Fortune Koi', 9700, 1, [], ['#0e7490', '#f97316']],
  ['rl', 'red_phoenix', 'Red Phoenix', 9620, 3, ['new'], ['#9f1239', '#fb7185']],
  ['rl', 'temple_of_wealth', 'Temple of Wealth', 9580, 3, [], ['#78350f', '#facc15']],
  ['rl', 'golden_ox', 'Golden Ox', 9650, 2, [], ['#854d0e', '#fde047']],
  ['rl', 'lantern_festival', 'Lantern Festival', 9690, 1, ['new'], ['#c2410c', '#fcd34d']],
  ['rl', 'jade_emperor', 'Jade Emperor', 9610, 4, [], ['#065f46', '#a7f3d0']],
  ['rl', 'money_tree', 'Money Tree', 9640, 2, ['hot'], ['#166534', '#bbf7d0']],
  ['rl', 'firecracker_fever', 'Firecracker Fever', 9550, 4, ['new'], ['#dc2626', '#fde68a']],
  ['rl', 'silk_road', 'Silk Road Riches', 9660, 3, [], ['#92400e', '#fed7aa']],
  ['rl', 'moon_rabbit', 'Moon Rabbit', 9700, 1, [], ['#312e81', '#e0e7ff']],
  ['rl', 'tiger_dance', 'Tiger Dance', 9630, 3, [], ['#ea580c', '#1c1917']],
  ['rl', 'imperial_feast', 'Imperial Feast', 9670, 2, [], ['#7c2d12', '#fef3c7']],
  ['jg', 'jade_palace', 'Jade Palace', 9650, 2, ['hot'], ['#047857', '#d1fae5']],
  ['jg', 'lotus_dream', 'Lotus Dream', 9680, 1, [], ['#be185d', '#fbcfe8']],
  ['jg', 'bamboo_bonanza', 'Bamboo Bonanza', 9600, 3, ['new'], ['#15803d', '#fef9c3']],
  ['jg', 'pearl_river', 'Pearl River', 9640, 2, [], ['#1d4ed8', '#e0f2fe']],
  ['jg', 'mystic_mountain', 'Mystic Mountain', 9570, 4, [], ['#374151', '#a5b4fc']],
  ['jg', 'crane_and_pine', 'Crane and Pine', 9660, 2, [], ['#0f766e', '#f0fdfa']],
  ['jg', 'golden_pagoda', 'Golden Pagoda', 9620, 3, ['hot'], ['#a16207', '#fef08a']],
  ['jg', 'ink_warrior', 'Ink Warrior', 9590, 4, ['new'], ['#111827', '#e5e7eb']],
];

const BACCARAT_TABLES: [string, string, number, GameBase['tags'], [string, string]][] = [
  ['baccarat_a', 'Baccarat A', 8, ['hot'], ['#14532d', '#fbbf24']],
  ['baccarat_b', 'Baccarat B', 8, [], ['#14532d', '#fde68a']],
  ['speed_baccarat', 'Speed Baccarat', 5, ['hot'], ['#1e3a8a', '#fbbf24']],
  ['speed_baccarat_2', 'Speed Baccarat 2', 5, [], ['#1e40af', '#fcd34d']],
  ['squeeze_baccarat', 'Squeeze Baccarat', 12, [], ['#581c87', '#f5d0fe']],
  ['vip_baccarat', 'VIP Baccarat', 10, ['new'], ['#0c0a09', '#d4af37']],
  ['lucky_baccarat', 'Lucky Baccarat', 8, [], ['#7f1d1d', '#fecaca']],
  ['dragon_baccarat', 'Dragon Baccarat', 8, ['new'], ['#064e3b', '#fcd34d']],
];

const FISH_SCHOOLS: Fish[][] = [
  [
    { id: 'clown', name: 'Clownfish', multiplier: 2n },
    { id: 'puffer', name: 'Pufferfish', multiplier: 5n },
    { id: 'turtle', name: 'Sea Turtle', multiplier: 10n },
    { id: 'shark', name: 'Shark', multiplier: 40n },
    { id: 'whale', name: 'Golden Whale', multiplier: 100n },
  ],
  [
    { id: 'shrimp', name: 'Shrimp', multiplier: 2n },
    { id: 'squid', name: 'Squid', multiplier: 6n },
    { id: 'ray', name: 'Manta Ray', multiplier: 15n },
    { id: 'octopus', name: 'Octopus', multiplier: 30n },
    { id: 'dragon', name: 'Sea Dragon', multiplier: 200n },
  ],
];

const FISHING_GAMES: [string, string, number, number, GameBase['tags'], [string, string]][] = [
  ['ocean_king', 'Ocean King', 9600, 0, ['hot'], ['#0369a1', '#7dd3fc']],
  ['dragon_fishing', 'Dragon Fishing', 9650, 1, ['hot'], ['#075985', '#fcd34d']],
  ['golden_shark', 'Golden Shark', 9700, 0, [], ['#0c4a6e', '#fde047']],
  ['deep_sea_hunt', 'Deep Sea Hunt', 9550, 1, ['new'], ['#082f49', '#67e8f9']],
  ['coral_reef', 'Coral Reef', 9620, 0, [], ['#0e7490', '#fda4af']],
  ['kraken_attack', 'Kraken Attack', 9580, 1, [], ['#1e1b4b', '#a78bfa']],
  ['mermaid_treasure', 'Mermaid Treasure', 9680, 0, ['new'], ['#155e75', '#f0abfc']],
  ['fishing_frenzy', 'Fishing Frenzy', 9640, 1, [], ['#0284c7', '#fef08a']],
];

const ROULETTE_TABLES: [string, string, GameBase['tags'], [string, string]][] = [
  ['european_roulette', 'European Roulette', ['hot'], ['#166534', '#dc2626']],
  ['jade_roulette', 'Jade Roulette', [], ['#047857', '#111827']],
  ['lucky_wheel_roulette', 'Lucky Wheel Roulette', ['new'], ['#7f1d1d', '#fbbf24']],
  ['midnight_roulette', 'Midnight Roulette', [], ['#0f172a', '#e11d48']],
];

function buildCatalogue(): Game[] {
  const slots: Game[] = SLOT_VARIANTS.map(
    ([studio, suffix, name, rtpBp, volatility, tags, colours], index) => {
      const symbols = SLOT_SYMBOLS[index % SLOT_SYMBOLS.length] ?? SLOT_SYMBOLS[0];
      const rtp = rational(BigInt(rtpBp), 10_000n);
      return {
        code: `${studio}_${suffix}`,
        name,
        studio,
        product: 'slots',
        category: 'Video Slots',
        tags,
        colours,
        rtp,
        engine: 'slot',
        slot: { symbols, pays: paytable(symbols, volatility), rtp },
      };
    },
  );
  const baccarat: Game[] = BACCARAT_TABLES.map(([suffix, name, roundSeconds, tags, colours]) => ({
    code: `gt_${suffix}`,
    name,
    studio: 'gt',
    product: 'live_casino',
    category: 'Live Baccarat',
    tags,
    colours,
    // The banker bet's exact return from an 8-deck shoe (see engines/baccarat.test.ts): 98.94%.
    rtp: rational(9894n, 10_000n),
    engine: 'baccarat',
    roundSeconds,
  }));
  const fishing: Game[] = FISHING_GAMES.map(([suffix, name, rtpBp, school, tags, colours]) => ({
    code: `ok_${suffix}`,
    name,
    studio: 'ok',
    product: 'fishing',
    category: 'Fishing',
    tags,
    colours,
    rtp: rational(BigInt(rtpBp), 10_000n),
    engine: 'fishing',
    fish: FISH_SCHOOLS[school] ?? [],
  }));
  const roulette: Game[] = ROULETTE_TABLES.map(([suffix, name, tags, colours]) => ({
    code: `jg_${suffix}`,
    name,
    studio: 'jg',
    product: 'others',
    category: 'Roulette',
    tags,
    colours,
    rtp: rational(36n, 37n),
    engine: 'roulette',
  }));
  return [...slots, ...baccarat, ...fishing, ...roulette];
}

export const CATALOGUE: readonly Game[] = buildCatalogue();
const BY_CODE = new Map(CATALOGUE.map((game) => [game.code, game]));

export function findGame(code: string): Game | undefined {
  return BY_CODE.get(code);
}
