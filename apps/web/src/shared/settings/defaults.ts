import type { MemberSettings } from '@sb/contract';

/**
 * The contract's DEFAULT_SETTINGS, kept here as a value because @sb/contract's account module
 * brings zod with it; defaults.test.ts fails if the two ever differ.
 */
export const DEFAULT_MEMBER_SETTINGS: MemberSettings = {
  language: 'en',
  oddsType: '1',
  pageType: '2',
  showScoreMap: 'false',
  showQuickOdds: 'false',
  eventSorting: '1',
  marketType: '1',
  pageSize: '10',
  mmoType: '1',
  defaultStake: '3',
  acceptBetterOdds: 'false',
  acceptAnyOdds: 'false',
  autoRefreshOdds: 'true',
  quickBet: 'false',
  defaultStakeAmount: '1',
  quickBetAmount: '1',
  sportsOrder: [],
};

export const PAGE_DISPLAY_FIELDS = [
  'language',
  'oddsType',
  'pageType',
  'showScoreMap',
  'showQuickOdds',
  'eventSorting',
  'marketType',
  'pageSize',
  'mmoType',
] as const satisfies readonly (keyof MemberSettings)[];

export const BETTING_FIELDS = [
  'defaultStake',
  'acceptBetterOdds',
  'acceptAnyOdds',
  'autoRefreshOdds',
  'quickBet',
  'defaultStakeAmount',
  'quickBetAmount',
] as const satisfies readonly (keyof MemberSettings)[];

export type PageDisplay = Pick<MemberSettings, (typeof PAGE_DISPLAY_FIELDS)[number]>;
export type Betting = Pick<MemberSettings, (typeof BETTING_FIELDS)[number]>;

const pickFields = <K extends keyof MemberSettings>(source: MemberSettings, fields: readonly K[]) =>
  Object.fromEntries(fields.map((field) => [field, source[field]])) as Pick<MemberSettings, K>;

export const DEFAULT_PAGE_DISPLAY: PageDisplay = pickFields(DEFAULT_MEMBER_SETTINGS, PAGE_DISPLAY_FIELDS);
export const DEFAULT_BETTING: Betting = pickFields(DEFAULT_MEMBER_SETTINGS, BETTING_FIELDS);
export { pickFields };
