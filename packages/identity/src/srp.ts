import {
  createDiffieHellman,
  createHash,
  createHmac,
  DiffieHellman,
  getDiffieHellman,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

// Server side of Cognito's SRP-6a variant, byte for byte as the Amplify v6 client computes it.
// Section numbers (§) refer to docs/product/identity-protocol.md (Cognito wire protocol notes).

/** The 3072-bit MODP group of RFC 3526/5054, the exact hex of Amplify's INIT_N (§2.1). */
export const N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD1' +
    '29024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245' +
    'E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3D' +
    'C2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D' +
    '670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9' +
    'DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64' +
    'ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6B' +
    'F12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB31' +
    '43DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);

export const g = 2n;

/**
 * Hex of a non-negative integer the way Java's `BigInteger.toByteArray` lays it out (§2.1): even
 * length, plus a leading `00` byte when the top bit is set so the bytes still read as positive.
 * Every hash input below is built from this form, so a single missing `00` breaks the proof.
 */
export function padHex(x: bigint): string {
  if (x < 0n) throw new RangeError('padHex encodes non-negative integers only');
  let hex = x.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}

/** SHA-256 over the bytes a hex string spells, as lowercase hex (Amplify's getHashFromHex). */
export function hashHex(hex: string): string {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new TypeError('hashHex expects an even-length hex string');
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/** SHA-256 over the UTF-8 bytes of a string, as lowercase hex (Amplify's getHashFromData). */
export function hashUtf8(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * k = H(padHex(N) ‖ padHex(g)): g is the single byte 02, NOT padded to the length of N as RFC 5054
 * would have it (§2.1; other emulators broke on exactly this).
 */
export const k = BigInt(`0x${hashHex(padHex(N) + padHex(g))}`);

// Values are at most 385 bytes (padHex of anything below N); the same bound is the DoS guard on
// SRP_A, since BigInt parsing and hashing grow with the input (§2.3).
const MAX_HEX_LENGTH = 770;

function parseHex(hex: string): bigint | undefined {
  if (hex.length === 0 || hex.length > MAX_HEX_LENGTH || !/^[0-9a-f]+$/i.test(hex)) return undefined;
  return BigInt(`0x${hex}`);
}

function toBuffer(x: bigint): Buffer {
  return Buffer.from(padHex(x), 'hex');
}

/** The non-negative integer big-endian bytes spell (0 for none). */
export function fromBuffer(bytes: Buffer): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${bytes.toString('hex')}`);
}

// All exponentiation goes through OpenSSL, never a BigInt loop (CONTRIBUTING.md): one DH context
// holds (N, g) and we swap its private key. Node is single-threaded and both calls are
// synchronous, so sharing the context cannot interleave.
//
// The context is OpenSSL's named group for (N, g), RFC 3526's group 15, which OpenSSL builds
// without testing N. Built from the numbers instead (createDiffieHellman), Node 24's OpenSSL 3.5
// tests N and (N − 1)/2 for primality: 1.5 s of CPU in every process that loads this module
// (each server start, each test file), where Node 20's OpenSSL 3.0 took 0.2 ms (decision record
// 0065). Node's group object has no setPrivateKey of its own but is the same native object as a
// DiffieHellman, whose method applies to it (checked once: g^3 must be 8); should a later Node
// refuse that, the context is built from the numbers: slower to start, the same results.
// Taken unbound on purpose: it is applied with .call to the group object, which lacks it.
// eslint-disable-next-line @typescript-eslint/unbound-method
const setPrivateKey: (this: DiffieHellman, key: NodeJS.ArrayBufferView) => void = DiffieHellman.prototype.setPrivateKey;

/**
 * OpenSSL's named group for (N, g) as a context whose private key can be set, or undefined where
 * this Node does not allow it.
 */
export function namedGroupContext(): DiffieHellman | undefined {
  const group = getDiffieHellman('modp15');
  if (fromBuffer(group.getPrime()) !== N || fromBuffer(group.getGenerator()) !== g) return undefined;
  try {
    const context = group as unknown as DiffieHellman;
    setPrivateKey.call(context, toBuffer(3n));
    return fromBuffer(context.generateKeys()) === 8n ? context : undefined;
  } catch {
    return undefined;
  }
}

const dh = namedGroupContext() ?? createDiffieHellman(toBuffer(N), toBuffer(g));

/** g^exponent mod N: generateKeys recomputes the public key from the private key just set. */
export function powG(exponent: bigint): bigint {
  if (exponent <= 0n) throw new RangeError('exponent must be positive');
  setPrivateKey.call(dh, toBuffer(exponent));
  return fromBuffer(dh.generateKeys());
}

/** base^exponent mod N via computeSecret, which refuses peer values outside 1 < base < N − 1. */
export function powMod(base: bigint, exponent: bigint): bigint {
  if (exponent <= 0n) throw new RangeError('exponent must be positive');
  if (base <= 1n || base >= N - 1n) throw new RangeError('base must lie in 1 < base < N - 1');
  setPrivateKey.call(dh, toBuffer(exponent));
  return fromBuffer(dh.computeSecret(toBuffer(base)));
}

/** A fresh salt for a password verifier: 16 random bytes, as padHex of their integer (§2.3). */
export function generateSalt(): string {
  return padHex(fromBuffer(randomBytes(16)));
}

/** v = g^x mod N as padHex (lowercase, even length). Deterministic, so callers may compare outputs. */
export function computeVerifier(params: {
  poolName: string;
  userId: string;
  password: string;
  saltHex: string;
}): string {
  const salt = parseHex(params.saltHex);
  if (salt === undefined) throw new RangeError('computeVerifier: saltHex is not a hex value');
  // x hashes the canonical padHex of the salt, whatever leading zeros it was written with, so
  // a SALT sent as "0012…" derives the same x as the client, which re-pads it too (§2.2).
  const identityHash = hashUtf8(`${params.poolName}${params.userId}:${params.password}`);
  const x = BigInt(`0x${hashHex(padHex(salt) + identityHash)}`);
  return padHex(powG(x));
}

/** Whether SRP_A may start a handshake: hex, at most 770 characters, and A mod N ≠ 0 (§2.3). */
export function isValidA(AHex: string): boolean {
  const A = parseHex(AHex);
  return A !== undefined && A % N !== 0n;
}

/** Parses a stored verifier; degenerate values would make S guessable without the password. */
function parseVerifier(verifierHex: string): bigint | undefined {
  const v = parseHex(verifierHex);
  return v === undefined || v <= 1n || v >= N - 1n ? undefined : v;
}

/**
 * Picks the server's secret b and its public B = (k·v + g^b) mod N (§2.3). Keep bHex with the
 * handshake state; send BHex as SRP_B. Throws only when the stored verifier itself is unusable.
 */
export function startServerHandshake(verifierHex: string): { bHex: string; BHex: string } {
  const v = parseVerifier(verifierHex);
  if (v === undefined) throw new RangeError('startServerHandshake: the verifier is not a usable hex value');
  for (;;) {
    // Setting the top bit keeps b at a full 256 bits, the ≥ 256-bit minimum of §2.3.
    const b = fromBuffer(randomBytes(32)) | (1n << 255n);
    const B = (k * v + powG(b)) % N;
    // The client aborts on B ≡ 0 (§2.2), so such a B is never sent.
    if (B !== 0n) return { bHex: padHex(b), BHex: padHex(B) };
  }
}

// Amplify decodes SECRET_BLOCK after mapping '-'/'_' to '+'/'/' and restoring the padding
// (getSignatureString, §2.2), so url-safe and unpadded blocks sign the same bytes. Node's own
// decoder skips unknown characters silently, hence the explicit shape check first.
function decodeBase64(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return undefined;
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) return undefined;
  return Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/**
 * Checks PASSWORD_CLAIM_SIGNATURE (§2.2, §2.3). For devices (§2.4) pass poolName := DeviceGroupKey
 * and userId := DeviceKey. Never throws: malformed input of any kind is simply a failed proof.
 */
export function verifyPasswordClaim(params: {
  AHex: string;
  BHex: string;
  bHex: string;
  verifierHex: string;
  poolName: string;
  userId: string;
  /** SECRET_BLOCK, base64 as sent to the client. */
  secretBlock: string;
  timestamp: string;
  /** PASSWORD_CLAIM_SIGNATURE, base64 as sent by the client. */
  signature: string;
}): boolean {
  try {
    return checkPasswordClaim(params);
  } catch {
    return false;
  }
}

function checkPasswordClaim(params: Parameters<typeof verifyPasswordClaim>[0]): boolean {
  const A = parseHex(params.AHex);
  const B = parseHex(params.BHex);
  const b = parseHex(params.bHex);
  const v = parseVerifier(params.verifierHex);
  const secretBlock = decodeBase64(params.secretBlock);
  if (A === undefined || B === undefined || b === undefined || v === undefined || secretBlock === undefined) {
    return false;
  }
  if (A % N === 0n || b === 0n) return false;

  // u hashes A and B as integers in padHex form, whatever their transmitted spelling (§2.2).
  const u = BigInt(`0x${hashHex(padHex(A) + padHex(B))}`);
  if (u === 0n) return false;

  // S = (A·v^u)^b mod N. A base of 0, 1 or N − 1 yields an S anyone can guess, so refuse it.
  const base = (A * powMod(v, u)) % N;
  if (base <= 1n || base >= N - 1n) return false;
  const S = powMod(base, b);

  // Amplify's getHkdfKey is RFC 5869 HKDF-SHA256 with salt = padHex(u), IKM = padHex(S),
  // info = "Caldera Derived Key" and one 16-byte output block (§2.2).
  const key = Buffer.from(
    hkdfSync('sha256', Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'), 'Caldera Derived Key', 16),
  );
  const message = Buffer.concat([
    Buffer.from(params.poolName, 'utf8'),
    Buffer.from(params.userId, 'utf8'),
    secretBlock,
    Buffer.from(params.timestamp, 'utf8'),
  ]);
  const expected = Buffer.from(createHmac('sha256', key).update(message).digest('base64'), 'utf8');
  // Compared as the exact base64 text Amplify sends (standard alphabet, padded): decoding first
  // would let Node's lenient decoder accept other spellings of the same bytes.
  const received = Buffer.from(params.signature, 'utf8');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * TIMESTAMP as Amplify's getNowString writes it, `EEE MMM d HH:mm:ss 'UTC' yyyy` in UTC with
 * English names and an unpadded day (§2.2), e.g. `Sun Nov 22 01:38:28 UTC 2026`. The server
 * treats TIMESTAMP as MAC input only; this exists for tests and reference.
 */
export function formatTimestamp(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const weekday = WEEKDAYS[date.getUTCDay()] ?? '';
  const month = MONTHS[date.getUTCMonth()] ?? '';
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${weekday} ${month} ${date.getUTCDate()} ${time} UTC ${date.getUTCFullYear()}`;
}

// ConfirmDevice sends DeviceSecretVerifierConfig.Salt and .PasswordVerifier as base64 of the
// padHex bytes (§2.4); these turn them into the hex the functions above take.

/**
 * The device salt as padHex, ready for SALT in DEVICE_PASSWORD_VERIFIER. Throws RangeError on
 * anything that is not non-empty base64 of at most 385 bytes: validate or catch at the API edge.
 */
export function deviceSaltFromBase64(saltB64: string): string {
  const bytes = decodeBase64(saltB64);
  const salt = bytes && bytes.length > 0 && bytes.length <= MAX_HEX_LENGTH / 2 ? fromBuffer(bytes) : undefined;
  if (salt === undefined) throw new RangeError('Device salt is not base64 of 1 to 385 bytes');
  return padHex(salt);
}

/**
 * The device verifier as padHex, ready for startServerHandshake/verifyPasswordClaim. Throws
 * RangeError unless it is base64 of a value 1 < v < N − 1: validate or catch at the API edge.
 */
export function deviceVerifierFromBase64(verifierB64: string): string {
  const bytes = decodeBase64(verifierB64);
  const v = bytes && bytes.length > 0 && bytes.length <= MAX_HEX_LENGTH / 2 ? fromBuffer(bytes) : undefined;
  if (v === undefined || v <= 1n || v >= N - 1n) throw new RangeError('Device verifier is not a valid SRP verifier');
  return padHex(v);
}
