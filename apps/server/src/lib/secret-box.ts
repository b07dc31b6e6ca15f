import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Small secrets kept encrypted at rest (the back office's TOTP seeds): AES-256-GCM under a key derived from the
 * application secret, so a copy of the database alone does not hand out anyone's second factor.
 * Stored as base64url `iv.tag.ciphertext`.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(appSecret: string, purpose: string) {
    this.key = createHash('sha256').update(`secret-box:${purpose}:`).update(appSecret).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
  }

  /** The plain text, or null when the box was not sealed with this key or was altered. */
  open(sealed: string): string | null {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
