import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  it('opens what it sealed, and nothing sealed under another key or altered', () => {
    const box = new SecretBox('app-secret-one', 'totp');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(new SecretBox('app-secret-two', 'totp').open(sealed)).toBeNull();
    expect(new SecretBox('app-secret-one', 'other').open(sealed)).toBeNull();
    const [iv, tag, body = ''] = sealed.split('.');
    const flipped = `${iv}.${tag}.${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(box.open(flipped)).toBeNull();
    expect(box.open('garbage')).toBeNull();
  });
});
