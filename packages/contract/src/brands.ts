import { z } from 'zod';
import { LANGUAGES } from './account';

/** What a brand may offer; the member app shows only its brand's products and the server refuses the rest. */
export const BRAND_PRODUCTS = [
  'sportsbook',
  'live_casino',
  'slots',
  'fishing',
  'others',
  'poker',
  'lottery',
  'minigame',
  'tournament',
  'virtual',
] as const;
export type BrandProduct = (typeof BRAND_PRODUCTS)[number];

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour as #rrggbb');
const sportIds = z.array(z.number().int().min(1).max(999)).max(200);

/**
 * A brand's look and offer: operator configuration, never a rebuild (spec: the page title is the brand plus
 * 'Sports Betting Platform'; storage keys depend on white-label mode; default sports order, theme and language
 * are configuration).
 */
export const brandSettings = z.object({
  /** Light or dark unless the member chose otherwise. */
  theme: z.enum(['light', 'dark']),
  colours: z.object({ primary: colour, accent: colour }),
  default_language: z.enum(LANGUAGES),
  /** The languages the switcher offers (the default among them). */
  languages: z.array(z.enum(LANGUAGES)).min(1).max(LANGUAGES.length),
  /** 1 MY, 2 HK, 3 ID, 4 DEC, 5 Myanmar. */
  default_odds_type: z.number().int().min(1).max(5),
  currencies: z
    .array(z.string().regex(/^[A-Z]{3}$/))
    .min(1)
    .max(20),
  /** Sports listed first, in this order; the BDT list for BDT members (spec section 3). */
  sports_order: sportIds,
  sports_order_bdt: sportIds,
  products: z.array(z.enum(BRAND_PRODUCTS)).min(1).max(BRAND_PRODUCTS.length),
  /** White-label mode: the browser's storage keys are the brand's own. */
  white_label: z.boolean(),
  support_contact: z.string().max(200),
  /** The help page's text per language (English at least). */
  help: z.partialRecord(z.enum(LANGUAGES), z.string().max(4000)),
});
export type BrandSettings = z.infer<typeof brandSettings>;

/** The brand a host name serves, as the member app reads it at start (also injected into its page). */
export const brandView = z.object({
  code: z.string(),
  name: z.string(),
  /** The page title: the brand plus 'Sports Betting Platform'. */
  title: z.string(),
  /** A generated SVG mark (a data URL), usable as logo and favicon. */
  logo: z.string(),
  settings: brandSettings,
});
export type BrandView = z.infer<typeof brandView>;

export const brandRequest = z.object({});
export const brandReply = z.object({ brand: brandView });

const brandCode = z
  .string()
  .regex(/^[a-z][a-z0-9]{1,19}$/, 'lower-case letters and digits, 2 to 20, starting with a letter');
const hostName = z
  .string()
  .max(253)
  .regex(/^[a-z0-9.-]+(:\d{1,5})?$/, 'a host name (optionally with a port), lower case');

/** Operator: create a brand (with its operator account) or change one; live at once on every process. */
export const boBrandSaveRequest = z.object({
  code: brandCode,
  name: z.string().min(1).max(40),
  hosts: z.array(hostName).max(20),
  settings: brandSettings,
  /** Only when creating: the new brand's operator account and its password. */
  operator: z
    .object({ account_id: z.string().min(3).max(20), password: z.string().min(6).max(40) })
    .optional(),
});
export const boBrandSaveReply = z.object({ brand: brandView, hosts: z.array(z.string()) });

export const boBrandListRequest = z.object({});
export const boBrandListReply = z.object({
  brands: z.array(brandView.extend({ hosts: z.array(z.string()) })),
});
