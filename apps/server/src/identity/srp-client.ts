import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { N, fromBuffer, hashHex, hashUtf8, k, padHex, powG, powMod } from '@staff-portal/identity/srp';

// The client side of Cognito's SRP (protocol doc §2.2), for raw-protocol tests and the benchmark:
// the same formulas Amplify runs, on the server's native modular exponentiation over (N, g).

const mod = (x: bigint) => ((x % N) + N) % N;

/** The client's ephemeral pair: secret a and SRP_A = g^a mod N as unpadded lowercase hex. */
export interface SrpEphemeral {
  a: bigint;
  AHex: string;
}

/** A fresh ephemeral. Amplify draws 128 random bytes; a shorter `a` only saves the client work. */
export function srpEphemeral(bytes = 128): SrpEphemeral {
  for (;;) {
    const a = fromBuffer(randomBytes(bytes));
    if (a === 0n) continue;
    const A = powG(a);
    if (A !== 0n) return { a, AHex: A.toString(16) };
  }
}

/** The password's private key x (§2.2); with it, g^x (the verifier) can be cached per user. */
export function srpPrivateKey(params: { poolName: string; userId: string; password: string; saltHex: string }) {
  const salt = BigInt(`0x${params.saltHex}`);
  const x = BigInt(`0x${hashHex(padHex(salt) + hashUtf8(`${params.poolName}${params.userId}:${params.password}`))}`);
  return { x, gx: powG(x) };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Amplify's TIMESTAMP: `EEE MMM d HH:mm:ss 'UTC' yyyy`, UTC, English names, unpadded day. */
export function srpTimestamp(date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${time} UTC ${date.getUTCFullYear()}`;
}

/**
 * The ChallengeResponses of PASSWORD_VERIFIER for the server's ChallengeParameters: the proof
 * that the client knows the password behind the stored verifier. Pass `password`, or a cached
 * `key` from srpPrivateKey for the same user and salt.
 */
export function passwordVerifierResponses(params: {
  poolName: string;
  ephemeral: SrpEphemeral;
  challenge: Record<string, string>;
  password?: string;
  key?: { x: bigint; gx: bigint };
  timestamp?: string;
}): Record<string, string> {
  const {
    SALT: saltHex = '',
    SRP_B: BHex = '',
    SECRET_BLOCK: secretBlock = '',
    USER_ID_FOR_SRP: userId = '',
  } = params.challenge;
  const key =
    params.key ?? srpPrivateKey({ poolName: params.poolName, userId, password: params.password ?? '', saltHex });
  const A = BigInt(`0x${params.ephemeral.AHex}`);
  const B = BigInt(`0x${BHex}`);
  const u = BigInt(`0x${hashHex(padHex(A) + padHex(B))}`);
  // S = (B − k·g^x)^(a + u·x) mod N
  const S = powMod(mod(B - k * key.gx), params.ephemeral.a + u * key.x);
  const K = Buffer.from(
    hkdfSync('sha256', Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'), 'Caldera Derived Key', 16),
  );
  const timestamp = params.timestamp ?? srpTimestamp();
  const signature = createHmac('sha256', K)
    .update(
      Buffer.concat([
        Buffer.from(params.poolName, 'utf8'),
        Buffer.from(userId, 'utf8'),
        Buffer.from(secretBlock, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ]),
    )
    .digest('base64');
  return {
    USERNAME: userId,
    PASSWORD_CLAIM_SECRET_BLOCK: secretBlock,
    TIMESTAMP: timestamp,
    PASSWORD_CLAIM_SIGNATURE: signature,
  };
}
