import { describe, expect, it } from 'vitest';
import { auditHash, GENESIS_HASH, stableJson, type AuditContent } from './chain';

const row: AuditContent = {
  at: new Date('2026-11-26T10:00:00.000Z'),
  actor: 'demoag',
  actor_pk: '7',
  staff_pk: null,
  address: '127.0.0.1',
  action: 'account.credit',
  target: 'demothb',
  scope_path: '/1/2/3/4/5/6/7/',
  before: '{"given_credit":"0.00"}',
  after: '{"given_credit":"500.00"}',
};

describe('audit chain', () => {
  it('hashes content and the previous hash, and any change moves it', () => {
    const first = auditHash(GENESIS_HASH, row);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(auditHash(GENESIS_HASH, { ...row })).toBe(first);
    expect(auditHash(first, row)).not.toBe(first);
    expect(auditHash(GENESIS_HASH, { ...row, after: '{"given_credit":"5000.00"}' })).not.toBe(first);
    expect(auditHash(GENESIS_HASH, { ...row, staff_pk: '' })).toBe(first);
    // Length prefixes: moving text from one field into the next is a different row.
    expect(auditHash(GENESIS_HASH, { ...row, actor: 'demoa', address: 'g127.0.0.1' })).not.toBe(first);
  });

  it('writes one JSON text per value', () => {
    expect(stableJson({ b: 1, a: { d: 2n, c: [{ y: 1, x: 2 }] }, z: undefined })).toBe(
      '{"a":{"c":[{"x":2,"y":1}],"d":"2"},"b":1}',
    );
    expect(stableJson(undefined)).toBe('null');
  });
});
