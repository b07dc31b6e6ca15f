import type { FastifyRequest } from 'fastify';
import type { Brand, BrandService } from '../modules/brand/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The brands by host (decorated on the root app by buildApp; children inherit it). */
    brands?: BrandService;
  }
}

/** The brand the request's Host serves (the default brand for an unknown host); undefined before brands exist. */
export function hostBrand(request: FastifyRequest): Brand | undefined {
  return request.server.brands?.ofHost(request.headers.host);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The member app's page for a brand: its title, theme, favicon, white-label flag and the brand itself (base64
 * JSON in a meta tag, read before the app's first render, so storage keys and defaults are the brand's from the
 * start). Pages are made once per brand version and kept.
 */
export function brandedPage(template: string): (brand: Brand | undefined) => string {
  const made = new WeakMap<Brand, string>();
  return (brand) => {
    if (!brand) return template;
    const known = made.get(brand);
    if (known) return known;
    const { view, settings } = brand;
    const meta =
      `<meta name="sb-white-label" content="${settings.white_label ? 'true' : 'false'}" />\n` +
      `    <meta name="sb-brand" content="${Buffer.from(JSON.stringify(view)).toString('base64')}" />\n` +
      `    <link rel="icon" href="${view.logo}" />`;
    const page = template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(view.title)}</title>`)
      .replace(/<meta name="sb-white-label" content="[^"]*" \/>/, meta)
      .replace(/data-theme="[^"]*"/, `data-theme="${settings.theme}"`);
    made.set(brand, page);
    return page;
  };
}
