import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  N,
  computeVerifier,
  deviceSaltFromBase64,
  deviceVerifierFromBase64,
  formatTimestamp,
  g,
  generateSalt,
  hashHex,
  hashUtf8,
  isValidA,
  k,
  namedGroupContext,
  padHex,
  powG,
  powMod,
  startServerHandshake,
  verifyPasswordClaim,
} from './srp';
import { srpWorkerThreads, workerExecArgv, type SrpArithmetic } from './srp-threads';

// The client side is Amplify's own SRP code, loaded from the files aws-amplify 6.22.1 runs. The
// root node_modules/@aws-amplify/auth is an older copy (6.11) another package pulls in, so the
// auth package is resolved from inside aws-amplify. Its ESM files are imported by file URL
// because the package's export map does not expose these internals.
const requireHere = createRequire(import.meta.url);
const requireFromAmplify = createRequire(requireHere.resolve('aws-amplify/package.json'));
const authRoot = dirname(requireFromAmplify.resolve('@aws-amplify/auth/package.json'));
const srpDir = join(authRoot, 'dist/esm/providers/cognito/utils/srp');
const loadSrp = async <T>(file: string): Promise<T> => (await import(pathToFileURL(join(srpDir, file)).href)) as T;

// Just the shapes of Amplify's internals this test touches.
interface AmplifyBigInteger {
  toString(radix: number): string;
}
interface AmplifyAuthenticationHelper {
  A: AmplifyBigInteger;
  k: AmplifyBigInteger;
  getPasswordAuthenticationKey(params: {
    username: string;
    password: string;
    serverBValue: AmplifyBigInteger;
    salt: AmplifyBigInteger;
  }): Promise<Uint8Array>;
  generateHashDevice(deviceGroupKey: string, username: string): Promise<void>;
  getSaltToHashDevices(): string;
  getVerifierDevices(): string;
  getRandomPassword(): string;
}

const { default: BigInteger } = await loadSrp<{
  default: new (value: string, radix: number) => AmplifyBigInteger;
}>('BigInteger/BigInteger.mjs');
const { getAuthenticationHelper } = await loadSrp<{
  getAuthenticationHelper: (userPoolName: string) => Promise<AmplifyAuthenticationHelper>;
}>('getAuthenticationHelper.mjs');
const { getSignatureString } = await loadSrp<{
  getSignatureString: (params: {
    userPoolName: string;
    username: string;
    challengeParameters: Record<string, string>;
    dateNow: string;
    hkdf: Uint8Array;
  }) => string;
}>('getSignatureString.mjs');
const { getNowString } = await loadSrp<{ getNowString: () => string }>('getNowString.mjs');
const { getPaddedHex } = await loadSrp<{ getPaddedHex: (x: AmplifyBigInteger) => string }>('getPaddedHex.mjs');
const { getHashFromHex } = await loadSrp<{ getHashFromHex: (hex: string) => string }>('getHashFromHex.mjs');
const { getHashFromData } = await loadSrp<{ getHashFromData: (data: Uint8Array) => string }>('getHashFromData.mjs');
const { getBytesFromHex } = await loadSrp<{ getBytesFromHex: (hex: string) => Uint8Array }>('getBytesFromHex.mjs');
const { INIT_N } = await loadSrp<{ INIT_N: string }>('constants.mjs');

/** Test-only reference: plain square-and-multiply, to check the native exponentiation against. */
function referenceModPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

const toBuffer = (x: bigint) => Buffer.from(padHex(x), 'hex');
const poolName = 'Ab12Cd34E'; // from the pool ID us-east-1_Ab12Cd34E (§2.2)
const password = 'Correct-Horse-7!';

function storedUser(userId = randomUUID(), pw = password) {
  const saltHex = generateSalt();
  return { poolName, userId, saltHex, verifierHex: computeVerifier({ poolName, userId, password: pw, saltHex }) };
}

type Claim = Parameters<typeof verifyPasswordClaim>[0];

/**
 * One PASSWORD_VERIFIER exchange: Amplify makes A, the server answers with B, Amplify signs
 * SECRET_BLOCK exactly as handlePasswordVerifierChallenge does, and the result is what the
 * server would pass to verifyPasswordClaim.
 */
async function exchange(
  stored: { poolName: string; userId: string; saltHex: string; verifierHex: string },
  client: { password: string; saltHex?: string; secretBlock?: string },
  handshake: SrpArithmetic['startServerHandshake'] = async (verifierHex) => startServerHandshake(verifierHex),
): Promise<Claim> {
  const helper = await getAuthenticationHelper(stored.poolName);
  const AHex = helper.A.toString(16);
  expect(isValidA(AHex)).toBe(true);
  const { bHex, BHex } = await handshake(stored.verifierHex);
  const secretBlock = client.secretBlock ?? randomBytes(64).toString('base64');
  const hkdf = await helper.getPasswordAuthenticationKey({
    username: stored.userId,
    password: client.password,
    serverBValue: new BigInteger(BHex, 16),
    salt: new BigInteger(client.saltHex ?? stored.saltHex, 16),
  });
  const timestamp = getNowString();
  const signature = getSignatureString({
    userPoolName: stored.poolName,
    username: stored.userId,
    challengeParameters: { SECRET_BLOCK: secretBlock },
    dateNow: timestamp,
    hkdf,
  });
  return { ...stored, AHex, BHex, bHex, secretBlock, timestamp, signature };
}

describe('native modular exponentiation', () => {
  // OpenSSL refuses DH moduli under 512 bits, so the "small case" is a small exponent over N.
  it('computes g^e and base^e as a BigInt reference does, call after call on the shared context', () => {
    const exponents = [
      3n,
      65537n,
      BigInt(`0x${randomBytes(32).toString('hex')}`),
      BigInt(`0x${randomBytes(256).toString('hex')}`),
    ];
    for (const exponent of exponents) {
      expect(powG(exponent)).toBe(referenceModPow(g, exponent, N));
      // A random base in range: A·v^u from a client need not lie in the subgroup g generates.
      const base = BigInt(`0x${randomBytes(300).toString('hex')}`);
      expect(powMod(base, exponent)).toBe(referenceModPow(base, exponent, N));
    }
  });

  it('runs on the named group OpenSSL knows, not a context it must first test (1.5 s on Node 24)', () => {
    expect(namedGroupContext()).toBeDefined();
  });

  it('refuses what no exponentiation of the protocol takes', () => {
    expect(() => powG(0n)).toThrow(RangeError);
    expect(() => powMod(1n, 5n)).toThrow(RangeError);
    expect(() => powMod(N - 1n, 5n)).toThrow(RangeError);
  });

  it('computeVerifier equals g^x from a BigInt reference, call after call', () => {
    for (const pw of ['first password', 'second password']) {
      const saltHex = generateSalt();
      const x = BigInt(`0x${hashHex(padHex(BigInt(`0x${saltHex}`)) + hashUtf8(`${poolName}user-1:${pw}`))}`);
      const verifier = computeVerifier({ poolName, userId: 'user-1', password: pw, saltHex });
      expect(verifier).toBe(padHex(referenceModPow(g, x, N)));
    }
  });
});

describe('constants and encodings', () => {
  it('uses the N Amplify uses, g = 2, and k over unpadded g', () => {
    expect(N).toBe(BigInt(`0x${INIT_N}`));
    expect(g).toBe(2n);
    expect(padHex(N)).toHaveLength(770);
    expect(padHex(N).startsWith('00ff')).toBe(true);
    expect(padHex(g)).toBe('02');
    expect(k).toBe(BigInt(`0x${hashHex(`${padHex(N)}02`)}`));
  });

  it("equals Amplify's k", async () => {
    const helper = await getAuthenticationHelper(poolName);
    expect(BigInt(`0x${helper.k.toString(16)}`)).toBe(k);
  });

  it('pads hex like Java toByteArray', () => {
    expect(padHex(0n)).toBe('00');
    expect(padHex(20n)).toBe('14');
    expect(padHex(56n)).toBe('38');
    expect(padHex(236n)).toBe('00ec');
    expect(padHex(200n)).toBe('00c8');
    expect(padHex(0x7fn)).toBe('7f');
    expect(padHex(0x80n)).toBe('0080');
    expect(padHex(0x123n)).toBe('0123');
    expect(padHex(0x8123n)).toBe('008123');
    expect(() => padHex(-1n)).toThrow(RangeError);
  });

  it("matches Amplify's getPaddedHex and hash helpers on random values", () => {
    for (let i = 0; i < 50; i++) {
      const hex = randomBytes(1 + (i % 40)).toString('hex');
      expect(padHex(BigInt(`0x${hex}`))).toBe(getPaddedHex(new BigInteger(hex, 16)));
      expect(hashHex(hex)).toBe(getHashFromHex(hex));
    }
    for (const text of ['', 'Ab12Cd34Euser:pässwörd', '🔐 emoji']) {
      expect(hashUtf8(text)).toBe(getHashFromData(new TextEncoder().encode(text)));
    }
    expect(() => hashHex('abc')).toThrow(TypeError);
  });

  it('makes salts of 16 random bytes in padHex form', () => {
    const salts = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const salt = generateSalt();
      expect(salt).toMatch(/^(?:[0-9a-f]{2})+$/);
      expect(salt.length).toBeLessThanOrEqual(34);
      expect(padHex(BigInt(`0x${salt}`))).toBe(salt);
      salts.add(salt);
    }
    expect(salts.size).toBe(20);
  });

  it('formats TIMESTAMP like getNowString, with an unpadded day', () => {
    expect(formatTimestamp(new Date(Date.UTC(2026, 10, 22, 1, 38, 28)))).toBe('Sun Nov 22 01:38:28 UTC 2026');
    expect(formatTimestamp(new Date(Date.UTC(2026, 0, 5, 9, 3, 7)))).toBe('Mon Jan 5 09:03:07 UTC 2026');
    expect(formatTimestamp(new Date(Date.UTC(2024, 1, 29, 23, 59, 59)))).toBe('Thu Feb 29 23:59:59 UTC 2024');
    vi.useFakeTimers();
    try {
      for (let day = 0; day < 400; day += 7) {
        const date = new Date(Date.UTC(2025, 0, 1 + day, day % 24, (day * 7) % 60, (day * 13) % 60));
        vi.setSystemTime(date);
        expect(formatTimestamp(date)).toBe(getNowString());
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('isValidA', () => {
  it('accepts what Amplify sends', async () => {
    const helper = await getAuthenticationHelper(poolName);
    const AHex = helper.A.toString(16);
    expect(isValidA(AHex)).toBe(true);
    expect(isValidA(AHex.toUpperCase())).toBe(true);
    expect(isValidA(AHex.padStart(770, '0'))).toBe(true);
  });

  it('rejects zero, multiples of N, non-hex and oversized values', () => {
    expect(isValidA('0')).toBe(false);
    expect(isValidA('00')).toBe(false);
    expect(isValidA(N.toString(16))).toBe(false);
    expect(isValidA(padHex(N))).toBe(false);
    expect(isValidA((2n * N).toString(16))).toBe(false);
    expect(isValidA('')).toBe(false);
    expect(isValidA('xyz')).toBe(false);
    expect(isValidA('0x1234')).toBe(false);
    expect(isValidA(' 1234')).toBe(false);
    expect(isValidA('a'.repeat(800))).toBe(false);
    expect(isValidA('1'.padStart(771, '0'))).toBe(false);
  });
});

describe('startServerHandshake', () => {
  it('returns a 256-bit b and a B in 0 < B < N', () => {
    const { verifierHex } = storedUser();
    const first = startServerHandshake(verifierHex);
    const second = startServerHandshake(verifierHex);
    for (const { bHex, BHex } of [first, second]) {
      const b = BigInt(`0x${bHex}`);
      const B = BigInt(`0x${BHex}`);
      expect(b >> 255n).toBe(1n);
      expect(B > 0n && B < N).toBe(true);
    }
    expect(first.bHex).not.toBe(second.bHex);
  });

  it('throws on a verifier that is not usable', () => {
    expect(() => startServerHandshake('')).toThrow(RangeError);
    expect(() => startServerHandshake('zz')).toThrow(RangeError);
    expect(() => startServerHandshake('00')).toThrow(RangeError);
  });
});

describe('password sign-in against the real Amplify client', () => {
  it('accepts the right password', async () => {
    const stored = storedUser();
    expect(verifyPasswordClaim(await exchange(stored, { password }))).toBe(true);
  });

  it('rejects a wrong password', async () => {
    const stored = storedUser();
    expect(verifyPasswordClaim(await exchange(stored, { password: `${password}x` }))).toBe(false);
  });

  it('rejects a tampered secret block, timestamp or signature, and another userId or pool', async () => {
    const claim = await exchange(storedUser(), { password });
    expect(verifyPasswordClaim(claim)).toBe(true);
    const block = Buffer.from(claim.secretBlock, 'base64');
    block[0] = (block.readUInt8(0) + 1) % 256;
    expect(verifyPasswordClaim({ ...claim, secretBlock: block.toString('base64') })).toBe(false);
    expect(verifyPasswordClaim({ ...claim, timestamp: formatTimestamp(new Date(0)) })).toBe(false);
    const signature = Buffer.from(claim.signature, 'base64');
    signature[31] = signature.readUInt8(31) ^ 1;
    expect(verifyPasswordClaim({ ...claim, signature: signature.toString('base64') })).toBe(false);
    expect(verifyPasswordClaim({ ...claim, userId: randomUUID() })).toBe(false);
    expect(verifyPasswordClaim({ ...claim, poolName: 'Other1234' })).toBe(false);
  });

  it('rejects a proof for the same password under another userId', async () => {
    const alice = storedUser();
    const bob = storedUser();
    // Bob's client answers a handshake made with Alice's record.
    const claim = await exchange({ ...alice, userId: bob.userId }, { password });
    expect(verifyPasswordClaim({ ...claim, userId: alice.userId })).toBe(false);
    expect(verifyPasswordClaim(claim)).toBe(false);
  });

  it('hashes the canonical salt, however many leading zeros SALT carries', async () => {
    const stored = storedUser();
    const zeroed = `0000${stored.saltHex}`;
    expect(computeVerifier({ poolName, userId: stored.userId, password, saltHex: zeroed })).toBe(stored.verifierHex);
    expect(verifyPasswordClaim(await exchange(stored, { password, saltHex: zeroed }))).toBe(true);
  });

  it('accepts a url-safe, unpadded secret block as Amplify decodes it', async () => {
    const bytes = Buffer.concat([randomBytes(31), Buffer.from([0xfb, 0xff, 0xbf])]);
    const standard = bytes.toString('base64');
    const urlSafe = bytes.toString('base64url');
    expect(standard).toMatch(/[+/]/);
    expect(standard).toMatch(/=$/);
    const claim = await exchange(storedUser(), { password, secretBlock: urlSafe });
    expect(verifyPasswordClaim(claim)).toBe(true);
    expect(verifyPasswordClaim({ ...claim, secretBlock: standard })).toBe(true);
  });

  it('returns false, never throws, on malformed input', async () => {
    const claim = await exchange(storedUser(), { password });
    const malformed: Partial<Claim>[] = [
      { AHex: '' },
      { AHex: 'not hex' },
      { AHex: '0' },
      { AHex: N.toString(16) },
      { AHex: 'f'.repeat(800) },
      { BHex: '' },
      { bHex: 'zz' },
      { bHex: '0' },
      { verifierHex: '' },
      { verifierHex: '1' },
      { verifierHex: (N - 1n).toString(16) },
      { secretBlock: '!!!!' },
      { secretBlock: 'abcde' },
      { signature: '' },
      { signature: `${claim.signature}=` },
      { signature: claim.signature.replace(/=+$/, '') },
    ];
    for (const change of malformed) {
      expect(verifyPasswordClaim({ ...claim, ...change })).toBe(false);
    }
  });
});

describe('device SRP against the real Amplify client', () => {
  async function confirmDevice(deviceGroupKey: string, deviceKey: string) {
    // What getNewDeviceMetadata does before ConfirmDevice: Amplify's own hash, base64 of the bytes.
    const helper = await getAuthenticationHelper(poolName);
    await helper.generateHashDevice(deviceGroupKey, deviceKey);
    return {
      randomPassword: helper.getRandomPassword(),
      saltHexFromClient: helper.getSaltToHashDevices(),
      Salt: Buffer.from(getBytesFromHex(helper.getSaltToHashDevices())).toString('base64'),
      PasswordVerifier: Buffer.from(getBytesFromHex(helper.getVerifierDevices())).toString('base64'),
    };
  }

  it('converts ConfirmDevice values and verifies a DEVICE_PASSWORD_VERIFIER proof', async () => {
    const deviceGroupKey = '-Ab12CdEF';
    const deviceKey = `us-east-1_${randomUUID()}`;
    const device = await confirmDevice(deviceGroupKey, deviceKey);
    const saltHex = deviceSaltFromBase64(device.Salt);
    const verifierHex = deviceVerifierFromBase64(device.PasswordVerifier);
    expect(saltHex).toBe(device.saltHexFromClient);
    expect(
      computeVerifier({ poolName: deviceGroupKey, userId: deviceKey, password: device.randomPassword, saltHex }),
    ).toBe(verifierHex);

    // Device sign-in: poolName := DeviceGroupKey, userId := DeviceKey, password := randomPassword (§2.4).
    const stored = { poolName: deviceGroupKey, userId: deviceKey, saltHex, verifierHex };
    expect(verifyPasswordClaim(await exchange(stored, { password: device.randomPassword }))).toBe(true);
    expect(verifyPasswordClaim(await exchange(stored, { password: 'not the device password' }))).toBe(false);
  });

  it('decodes base64 of padHex bytes, keeping a leading zero byte', () => {
    const bytes = Buffer.from('008f47a1b2c3d4e5f60718293a4b5c6d7e', 'hex');
    expect(bytes.toString('base64').startsWith('AI9H')).toBe(true);
    expect(deviceSaltFromBase64(bytes.toString('base64'))).toBe('008f47a1b2c3d4e5f60718293a4b5c6d7e');
    expect(deviceSaltFromBase64(Buffer.from('12ab', 'hex').toString('base64'))).toBe('12ab');
  });

  it('throws RangeError on malformed device values', () => {
    expect(() => deviceSaltFromBase64('')).toThrow(RangeError);
    expect(() => deviceSaltFromBase64('not base64!')).toThrow(RangeError);
    expect(() => deviceVerifierFromBase64('AA==')).toThrow(RangeError);
    expect(() => deviceVerifierFromBase64(toBuffer(N).toString('base64'))).toThrow(RangeError);
    expect(() => deviceVerifierFromBase64(randomBytes(400).toString('base64'))).toThrow(RangeError);
  });
});

describe("the worker threads' options", () => {
  it('keeps the module loaders and source maps of this process, and none of V8’s or the process’s own', () => {
    expect(
      workerExecArgv(
        [
          '--max-old-space-size=2048',
          '--enable-source-maps',
          '--import',
          'tsx',
          '--stack-size',
          '2000',
          '--no-memory-reducer',
          '--require=./hooks.cjs',
          '--title=portal',
        ],
        false,
      ),
    ).toEqual(['--enable-source-maps', '--import', 'tsx', '--require=./hooks.cjs']);
    expect(workerExecArgv(['--max-old-space-size=512'], true)).toEqual(['--import', expect.stringMatching(/tsx/)]);
  });

  it('starts its threads when the server was started with a V8 option (--max-old-space-size)', async () => {
    process.execArgv.push('--max-old-space-size=4096');
    const threads = srpWorkerThreads(1);
    try {
      const claim = await exchange(storedUser(), { password }, threads.startServerHandshake);
      expect(await threads.verifyPasswordClaim(claim)).toBe(true);
    } finally {
      process.execArgv.pop();
      await threads.close();
    }
  });
});

describe('on worker threads', () => {
  const threads = srpWorkerThreads(2);
  afterAll(() => threads.close());

  it('makes handshakes the Amplify client proves against, and checks proofs as this thread does', async () => {
    const stored = storedUser();
    const passwords = [password, `${password}x`, password, password, `${password}x`, password];
    const claims = await Promise.all(
      passwords.map((pw) => exchange(stored, { password: pw }, threads.startServerHandshake)),
    );
    const verdicts = await Promise.all(claims.map((claim) => threads.verifyPasswordClaim(claim)));
    expect(verdicts).toEqual(passwords.map((pw) => pw === password));
    expect(claims.map((claim) => verifyPasswordClaim(claim))).toEqual(verdicts);
  });

  it('refuses an unusable verifier with the same RangeError, and a malformed claim as false', async () => {
    await expect(threads.startServerHandshake('00')).rejects.toThrow(RangeError);
    const claim = await exchange(storedUser(), { password }, threads.startServerHandshake);
    expect(await threads.verifyPasswordClaim({ ...claim, AHex: 'not hex' })).toBe(false);
    expect(await threads.verifyPasswordClaim(claim)).toBe(true);
  });

  it('leaves the event loop free while the arithmetic runs', async () => {
    const { verifierHex } = storedUser();
    await threads.startServerHandshake(verifierHex); // the threads are started
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    await Promise.all(Array.from({ length: 8 }, () => threads.startServerHandshake(verifierHex)));
    counting = false;
    // On this thread the eight would run back to back, with no turn of the loop between them.
    expect(turns).toBeGreaterThan(8);
  });
});
