/** Every route of the member app (spec section 2), in one table. */
export const PATHS = {
  home: '/',
  desktop: '/desktop',
  /** Virtual racing (GH_*), the sportsbook's racing menu. */
  racing: '/racing',
  tournament: '/tournament2',
  tournamentHome: '/tournament2/home',
  highlight: '/highlight',
  highlightHome: '/highlight/home',
  info: '/info',
  sysparlay: '/info/sysparlay',
  settings: '/info/settings',
  betlist: '/info/betlist',
  statement: '/info/statement',
  /** The member's provider game rounds (an account screen beside the statement). */
  gameReport: '/info/gamereport',
  result: '/info/result',
  message: '/info/message',
  rules: '/info/rules',
  maintenance: '/maintenance',
} as const;

/** Product areas whose screens a later issue builds; until then they show the frame with a notice. */
export const PRODUCT_ROUTES = [
  'event',
  'ngresult',
  'efresult',
  'minigame',
  'slots',
  'slots2',
  'slots3',
  'slots4',
  'slots5',
  'slots6',
  'slots7',
  'slots8',
  'slots9',
  'slots11',
  'slots12',
  'slots13',
  'slots14',
  'slots15',
  'others',
  'others1',
  'casino100',
  'esports2',
  'fishing',
  'w4d',
  'casino',
  'livetv',
] as const;

export type ProductRoute = (typeof PRODUCT_ROUTES)[number];

/** '/?redirect=/wanted/path' (readable slashes), or '/' when the wanted path is home. */
export function loginRedirect(pathname: string, search = ''): string {
  const wanted = `${pathname}${search}`;
  if (pathname === '/' || pathname === '') return '/';
  return `/?redirect=${encodeURIComponent(wanted).replace(/%2F/gi, '/')}`;
}
