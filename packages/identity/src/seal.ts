import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) of short-lived state the client carries back: challenge
 * Sessions, SRP secret blocks, refresh tokens. Nothing of a sign-in in progress lives in process
 * memory, so any replica can answer the next step. The purpose is bound as associated data, so a
 * value sealed for one purpose never opens as another.
 */
export interface Sealer {
  seal(purpose: string, payload: object, ttlSeconds: number): string;
  open<T>(purpose: string, sealed: unknown): T | undefined;
}

export function createSealer(secret: Buffer): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'staff-portal identity seal v1', 32));
  return {
    seal(purpose, payload, ttlSeconds) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const plain = Buffer.from(JSON.stringify({ e: Math.floor(Date.now() / 1000) + ttlSeconds, d: payload }));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open<T>(purpose: string, sealed: unknown): T | undefined {
      if (typeof sealed !== 'string' || sealed.length < 40 || sealed.length > 16_384) return undefined;
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(raw.subarray(12, 28));
        const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
        const { e, d } = JSON.parse(plain.toString()) as { e: number; d: T };
        return e >= Math.floor(Date.now() / 1000) ? d : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
