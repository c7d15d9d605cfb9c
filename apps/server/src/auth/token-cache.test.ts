import { describe, expect, it } from 'vitest';
import { unauthenticated } from '@staff-portal/shared/errors';
import { cachedTokenVerifier, TOKEN_RECHECK_MS } from './token-cache';
import type { TokenUse, TokenUser, TokenVerifier } from './token-verifier';

// The cache of verified tokens (decision record 0058): a token seen before costs a lookup, and is
// verified again in full within TOKEN_RECHECK_MS, at once when its keys change or this process
// ended its sessions, and never past its exp.

const START = 1_800_000_000_000;

function userOf(sub: string, exp: number, tokenUse: TokenUse = 'id'): TokenUser {
  return { sub, username: sub, email: undefined, groups: [], tokenUse, claims: { sub, exp, iat: exp - 3600 } };
}

/** A verifier that counts its checks and refuses the tokens listed in `refused`. */
function counting(users: Record<string, TokenUser>) {
  const refused = new Set<string>();
  let checks = 0;
  const inner: TokenVerifier = {
    verify(token, allowed) {
      checks++;
      const user = users[token];
      if (!user || refused.has(token) || !allowed.includes(user.tokenUse))
        return Promise.reject(unauthenticated('Invalid or expired token.'));
      return Promise.resolve(user);
    },
  };
  return { inner, refused, checks: () => checks };
}

/** Lets every pending promise step run. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function clock() {
  let now = START;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('cachedTokenVerifier', () => {
  it('checks a token once, then answers from memory until the recheck is due', async () => {
    const time = clock();
    const { inner, checks } = counting({ a: userOf('u1', START / 1000 + 3600) });
    const verifier = cachedTokenVerifier(inner, { now: time.now });
    for (let i = 0; i < 5; i++) expect((await verifier.verify('a', ['id'])).sub).toBe('u1');
    expect(checks()).toBe(1);
    time.advance(TOKEN_RECHECK_MS - 1);
    await verifier.verify('a', ['id']);
    expect(checks()).toBe(1);
    time.advance(1);
    await verifier.verify('a', ['id']);
    expect(checks()).toBe(2);
  });

  it('keeps a remembered check past the recheck while it hears of changes, and falls back to it when not', async () => {
    const time = clock();
    let listening = true;
    const { inner, checks } = counting({ a: userOf('u1', START / 1000 + 3600) });
    const verifier = cachedTokenVerifier(inner, { now: time.now, listening: () => listening });
    await verifier.verify('a', ['id']);
    time.advance(10 * TOKEN_RECHECK_MS);
    await verifier.verify('a', ['id']);
    expect(checks()).toBe(1);
    // A change heard of forgets it at once.
    verifier.forget('u1');
    await verifier.verify('a', ['id']);
    expect(checks()).toBe(2);
    // Not hearing of changes (the channel is down), a check as old as the recheck is made again.
    listening = false;
    time.advance(TOKEN_RECHECK_MS - 1);
    await verifier.verify('a', ['id']);
    expect(checks()).toBe(2);
    time.advance(1);
    await verifier.verify('a', ['id']);
    expect(checks()).toBe(3);
  });

  it('refuses a token whose session ended elsewhere once the recheck is due', async () => {
    const time = clock();
    const { inner, refused } = counting({ a: userOf('u1', START / 1000 + 3600) });
    const verifier = cachedTokenVerifier(inner, { now: time.now });
    await verifier.verify('a', ['id']);
    refused.add('a');
    time.advance(TOKEN_RECHECK_MS);
    await expect(verifier.verify('a', ['id'])).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    // And is not remembered as good afterwards.
    await expect(verifier.verify('a', ['id'])).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('never answers for a token past its exp', async () => {
    const time = clock();
    const { inner, checks, refused } = counting({ a: userOf('u1', START / 1000 + 10) });
    const verifier = cachedTokenVerifier(inner, { now: time.now });
    await verifier.verify('a', ['id']);
    time.advance(10_000);
    refused.add('a');
    await expect(verifier.verify('a', ['id'])).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(checks()).toBe(2);
  });

  it('checks again at once the tokens of an account whose sessions ended here', async () => {
    const time = clock();
    const exp = START / 1000 + 3600;
    const { inner, refused, checks } = counting({ a: userOf('u1', exp), b: userOf('u1', exp), c: userOf('u2', exp) });
    const verifier = cachedTokenVerifier(inner, { now: time.now });
    await Promise.all(['a', 'b', 'c'].map((token) => verifier.verify(token, ['id'])));
    refused.add('a');
    verifier.forget('u1');
    await expect(verifier.verify('a', ['id'])).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await verifier.verify('b', ['id']);
    expect(checks()).toBe(5);
    // Another account's tokens stay remembered.
    await verifier.verify('c', ['id']);
    expect(checks()).toBe(5);
  });

  it('does not remember a check that began before its account was forgotten', async () => {
    const { inner: base } = counting({ a: userOf('u1', START / 1000 + 3600) });
    let release = () => {};
    const slow: TokenVerifier = {
      async verify(token, allowed) {
        await new Promise<void>((resolve) => (release = resolve));
        return base.verify(token, allowed);
      },
    };
    let checks = 0;
    const counted: TokenVerifier = { verify: (token, allowed) => (checks++, slow.verify(token, allowed)) };
    const verifier = cachedTokenVerifier(counted, { now: () => START });
    const first = verifier.verify('a', ['id']);
    await tick();
    verifier.forget('u1');
    release();
    await first;
    const second = verifier.verify('a', ['id']);
    await tick();
    release();
    await second;
    expect(checks).toBe(2);
  });

  it('checks again when the keys change', async () => {
    let keys = { kid: 'one' };
    const { inner, checks } = counting({ a: userOf('u1', START / 1000 + 3600) });
    const verifier = cachedTokenVerifier(inner, { now: () => START, keysVersion: () => Promise.resolve(keys) });
    await verifier.verify('a', ['id']);
    await verifier.verify('a', ['id']);
    expect(checks()).toBe(1);
    keys = { kid: 'two' };
    await verifier.verify('a', ['id']);
    expect(checks()).toBe(2);
  });

  it('makes one check for many requests with the same new token', async () => {
    const { inner, checks } = counting({ a: userOf('u1', START / 1000 + 3600) });
    const verifier = cachedTokenVerifier(inner, { now: () => START });
    await Promise.all(Array.from({ length: 10 }, () => verifier.verify('a', ['id'])));
    expect(checks()).toBe(1);
  });

  it('does not remember refusals, nor answer a remembered token for another use', async () => {
    const { inner, checks } = counting({ a: userOf('u1', START / 1000 + 3600, 'access') });
    const verifier = cachedTokenVerifier(inner, { now: () => START });
    await expect(verifier.verify('x', ['id'])).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(verifier.verify('x', ['id'])).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(checks()).toBe(2);
    await verifier.verify('a', ['access']);
    await expect(verifier.verify('a', ['id'])).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
