// The cryptography an SRP sign-in and a token refresh cannot do without, timed alone in this
// process: the floor under the sign-in rows' server CPU (the goals of 2 ms a sign-in, which
// decision record 0068 finds below it on this hardware, and 0.5 ms a refresh). A sign-in is the
// server's half of SRP (B = k·v + g^b, then S = (A·v^u)^b: three 3072-bit modular
// exponentiations through OpenSSL) and two RS256 signatures (the id and access tokens, 2048-bit
// keys, as Cognito signs them); a refresh is the two signatures.
import { randomBytes } from 'node:crypto';
import { generateKeyPair } from 'jose';
import { srpEphemeral, srpPrivateKey, passwordVerifierResponses } from '@staff-portal/server/identity/srp-client';
import { defaultIdentitySettings, type IdentityConfig } from '@staff-portal/identity/config';
import type { IdentityKeys } from '@staff-portal/identity/keys';
import { computeVerifier, generateSalt, startServerHandshake, verifyPasswordClaim } from '@staff-portal/identity/srp';
import { mintTokens } from '@staff-portal/identity/tokens';

export interface CryptoFloor {
  /** CPU ms of this process per operation, averaged over the iterations. */
  handshakeMs: number;
  proofMs: number;
  tokensMs: number;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export async function measureCryptoFloor(iterations = 200): Promise<CryptoFloor> {
  const poolName = 'bench';
  const userId = 'floor-user';
  const password = 'Floor-pass-2026!';
  const saltHex = generateSalt();
  const verifierHex = computeVerifier({ poolName, userId, password, saltHex });
  const key = srpPrivateKey({ poolName, userId, password, saltHex });
  const [id, access] = await Promise.all([
    generateKeyPair('RS256', { modulusLength: 2048 }),
    generateKeyPair('RS256', { modulusLength: 2048 }),
  ]);
  const keys: IdentityKeys = {
    id: { kid: 'id-floor', privateKey: id.privateKey, publicJwk: {} },
    access: { kid: 'access-floor', privateKey: access.privateKey, publicJwk: {} },
    secret: randomBytes(32),
    jwks: { keys: [] },
    changesAt: Infinity,
  };
  const config: IdentityConfig = {
    ...defaultIdentitySettings,
    endpoint: 'http://127.0.0.1/identity',
    region: 'ap-southeast-1',
    userPoolId: 'ap-southeast-1_bench',
    clientId: 'bench-client',
    adminCredentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
    keyEncryptionKey: randomBytes(32),
  };
  const subject = { id: userId, email: 'floor@example.org', attributes: { name: 'Floor' }, groups: ['HR'] };

  let handshakeMs = 0;
  let proofMs = 0;
  let tokensMs = 0;
  // One unmeasured round first: OpenSSL's and jose's first calls set things up.
  for (let round = -1; round < iterations; round++) {
    const ephemeral = srpEphemeral();
    const t0 = cpuMs();
    const { bHex, BHex } = startServerHandshake(verifierHex);
    const t1 = cpuMs();
    // The client's half, untimed.
    const secretBlock = randomBytes(64).toString('base64');
    const responses = passwordVerifierResponses({
      poolName,
      ephemeral,
      key,
      challenge: { SALT: saltHex, SRP_B: BHex, SECRET_BLOCK: secretBlock, USER_ID_FOR_SRP: userId },
    });
    const t2 = cpuMs();
    const proved = verifyPasswordClaim({
      AHex: ephemeral.AHex,
      BHex,
      bHex,
      verifierHex,
      poolName,
      userId,
      secretBlock,
      timestamp: responses['TIMESTAMP']!,
      signature: responses['PASSWORD_CLAIM_SIGNATURE']!,
    });
    const t3 = cpuMs();
    if (!proved) throw new Error('crypto floor: the SRP proof did not verify');
    await mintTokens(keys, config, subject, { originJti: randomBytes(8).toString('hex'), authTime: new Date() });
    const t4 = cpuMs();
    if (round < 0) continue;
    handshakeMs += t1 - t0;
    proofMs += t3 - t2;
    tokensMs += t4 - t3;
  }
  return { handshakeMs: handshakeMs / iterations, proofMs: proofMs / iterations, tokensMs: tokensMs / iterations };
}
