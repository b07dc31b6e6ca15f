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
} as const;

export type CallName = keyof typeof CALLS;
