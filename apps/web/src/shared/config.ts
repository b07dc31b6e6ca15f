/**
 * Runtime configuration of the member app. One build serves many brands: the server may inject
 * `<meta name="sb-white-label" content="true">` for a white-label brand; the brand name itself comes
 * from /api/version.
 */
const readMeta = (name: string): string | undefined =>
  typeof document === 'undefined'
    ? undefined
    : (document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? undefined);

export const isWhiteLabel = (): boolean =>
  readMeta('sb-white-label') === 'true' || import.meta.env.VITE_WHITE_LABEL === 'true';

export const config = {
  defaultBrand: 'Demo',
  defaultLanguage: 'en',
  defaultTheme: 'light',
  /** Every time on screen is shown in GMT+8. */
  timeZone: 'Asia/Kuala_Lumpur',
  timeZoneLabel: 'GMT+8',
  apiBase: '/api',
  /** Calls give up after this long (the spec's chunk time-out is 120 s; calls are shorter). */
  requestTimeoutMs: 30_000,
  /** Balance poll when the push socket is down. */
  balancePollMs: 60_000,
} as const;
