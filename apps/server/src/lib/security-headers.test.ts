import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiSecurityHeadersOf, securityHeadersOf, trustProxyOption } from '../app';
import { parseConfig } from '../config';

describe('security headers and proxies by configuration', () => {
  it('sends HSTS only when configured for TLS, and adds the configured extra origins to the CSP', () => {
    expect(securityHeadersOf(parseConfig({}))['strict-transport-security']).toBeUndefined();
    const tls = securityHeadersOf(
      parseConfig({
        TLS: 'true',
        CSP_IMG_ORIGINS: 'https://a.example',
        CSP_CONNECT_ORIGINS: 'wss://b.example',
      }),
    );
    expect(tls['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(tls['content-security-policy']).toContain("img-src 'self' data: https://a.example");
    expect(tls['content-security-policy']).toContain("connect-src 'self' wss://b.example");
    expect(tls['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('gives JSON replies a policy that allows nothing, with HSTS under TLS as documents have it', () => {
    const api = apiSecurityHeadersOf(parseConfig({}));
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api['x-content-type-options']).toBe('nosniff');
    expect(api['x-frame-options']).toBe('DENY');
    expect(api['strict-transport-security']).toBeUndefined();
    expect(apiSecurityHeadersOf(parseConfig({ TLS: 'true' }))['strict-transport-security']).toMatch(
      /^max-age=/,
    );
  });

  it('trusts no proxy by default; a hop count or a list when configured', async () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    const ipOf = async (trust: boolean | number | string[]) => {
      const app = Fastify({ trustProxy: trustProxyOption(trust) });
      app.get('/', async (request) => request.ip);
      const reply = await app.inject({
        url: '/',
        headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' },
      });
      await app.close();
      return reply.body;
    };
    expect(await ipOf(false)).toBe('127.0.0.1');
    expect(await ipOf(1)).toBe('203.0.113.9');
    expect(await ipOf(['127.0.0.1'])).toBe('203.0.113.9');
  });
});
