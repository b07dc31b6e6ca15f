import type { CALLS as CONTRACT_CALLS, CallName as ContractCallName } from '@sb/contract';

/**
 * The server's call paths by the spec's call names (section 7). Every call is a POST with a JSON body
 * answering the envelope. One table, so a path that moves changes here only.
 */
export const CALLS = {
  userlogin: '/api/userlogin',
  authlogin: '/api/authlogin',
  securelogin: '/api/securelogin',
  switchlogin: '/api/switchlogin',
  launch: '/api/launch',
  userprofile: '/api/userprofile',
  userbalance: '/api/userbalance',
  vuserbalance: '/api/vuserbalance',
  usersettings: '/api/usersettings',
  changepassword: '/api/changepassword',
  addsecondary: '/api/addsecondary',
  logout: '/api/logout',
  version: '/api/version',
  // Market data from the cache host: the sports menu with its live/today/early counts.
  uxmenu: '/cache/uxmenu',
  // The match list with its odds (compact ux* tuples).
  uxmarket: '/cache/uxmarket',
  // One match with all its markets and child matches; several matches by id; the Myanmar view of one match.
  uxmatch: '/cache/uxmatch',
  uxmatch2: '/cache/uxmatch2',
  uxmoremmo: '/cache/uxmoremmo',
  // A sport's leagues with their open event counts.
  eventlist: '/api/eventlist',
  // Placing bets.
  betcheck: '/api/bet/betcheck',
  betsingle: '/api/bet/betsingle',
  betparlay: '/api/bet/betparlay',
  betcheckmultispecial: '/api/bet/betcheckmultispecial',
  // Placing a system parlay (the statement's betsysparlay below is another call of the same name).
  placesysparlay: '/api/bet/betsysparlay',
  // Myanmar odds (MMK members): the line now and the limits, then singles and maung parlays.
  betmmoclick: '/api/bet/betmmoclick',
  betsinglemmo: '/api/bet/betsinglemmo',
  betparlaymmo: '/api/bet/betparlaymmo',
  // Content.
  announcelist: '/api/announcelist',
  marqueelist: '/api/marqueelist',
  personallist: '/api/personallist',
  personalunread: '/api/personalunread',
  // Results and statements.
  matchresult: '/api/matchresult',
  ngresult: '/api/ngresult',
  dailystatement: '/api/dailystatement',
  settlementhistory: '/api/settlementhistory',
  sportsbook: '/api/sportsbook',
  cancelledbetlist: '/api/cancelledbetlist',
  parlaybetdetails: '/api/parlaybetdetails',
  adjustment: '/api/adjustment',
  betsysparlay: '/api/betsysparlay',
  betsysparlaymatch: '/api/betsysparlaymatch',
  betsysparlaybet: '/api/betsysparlaybet',
  // Bet lists (the spec files the bet calls under /bet).
  betacceptlist: '/api/bet/betacceptlist',
  pendingbetlist: '/api/bet/pendingbetlist',
  betrejectlist: '/api/bet/betrejectlist',
  // Tournament rooms.
  roomlist: '/tournament/roomlist',
  roomleaguelist: '/tournament/roomleaguelist',
  roommatchlist: '/tournament/roommatchlist',
  roomcreate: '/tournament/roomcreate',
  roomjoin: '/tournament/roomjoin',
  roombet: '/tournament/bet',
  roombetplus: '/tournament/betplus',
  memberbetlist: '/tournament/memberbetlist',
  roomrank: '/tournament/roomrank',
  roominfo: '/tournament/roominfo',
  gameresult: '/api/gameresult',
  tournamentrefund: '/api/tournamentrefund',
  // Own games: the 4D lottery, the mini games and the provably fair source.
  LaunchLottery: '/api/LaunchLottery',
  lotterydraws: '/api/lotterydraws',
  lotterybuy: '/api/lotterybuy',
  lotterytickets: '/api/lotterytickets',
  lotteryresults: '/api/lotteryresults',
  lottery: '/api/lottery',
  cancelledbetlistlottery: '/api/cancelledbetlistlottery',
  crashstate: '/api/crashstate',
  crashbet: '/api/crashbet',
  crashcashout: '/api/crashcashout',
  dicebet: '/api/dicebet',
  hilostart: '/api/hilostart',
  hiloguess: '/api/hiloguess',
  hilocashout: '/api/hilocashout',
  minigamerounds: '/api/minigamerounds',
  fairverify: '/api/fairverify',
  fairseed: '/api/fairseed',
  fairrotate: '/api/fairrotate',
  racecard: '/api/racecard',
  // Provider games: the lobbies' lists, launches on the provider's host, the member's rounds.
  GameList: '/api/GameList',
  LaunchGame: '/api/LaunchGame',
  launchslotgame: '/api/launchslotgame',
  launchgp: '/api/launchgp',
  slots: '/api/slots',
  livecasino: '/api/livecasino',
} as const;

export type CallName = keyof typeof CALLS;

/**
 * Each path here is the contract's (packages/contract/src/calls.ts): a path that differs fails to compile. The
 * table is restated as plain strings so the first chunk does not carry the contract's zod schemas.
 */
type ContractPaths<T> = {
  [K in keyof T]: K extends ContractCallName ? (typeof CONTRACT_CALLS)[K]['path'] : string;
};
const _pathsAreTheContracts: ContractPaths<typeof CALLS> = CALLS;
