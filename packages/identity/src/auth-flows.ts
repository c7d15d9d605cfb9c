import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { poolNameOf } from './config';
import type { IdentityContext } from './context';
import { CognitoError, incorrectCredentials, invalidParameter, invalidSession, userNotFound } from './errors';
import { identityUsers } from './schema';
import { refreshSession, startSession } from './sessions';
import { isValidA, startServerHandshake, verifyPasswordClaim } from './srp';
import {
  assertPasswordPolicy,
  findUser,
  lockedOut,
  passwordAttemptsExceeded,
  passwordMatches,
  recordFailedSignIn,
  recordSuccessfulSignIn,
  setPassword,
  type User,
} from './users';

type Body = Record<string, unknown>;
type Params = Record<string, unknown>;

const SRP_PURPOSE = 'srp-secret-block';
const CHALLENGE_PURPOSE = 'challenge-session';

interface SrpState {
  sub: string;
  client: string;
  A: string;
  B: string;
  b: string;
  /** An unknown user's simulated handshake (PreventUserExistenceErrors); its proof always fails. */
  fake?: boolean;
}

interface ChallengeState {
  sub: string;
  client: string;
  challenge: string;
}

const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

function record(value: unknown, name: string): Params {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalidParameter(`${name} must be a map.`);
  return value as Params;
}

export function assertClient(ctx: IdentityContext, clientId: unknown) {
  if (typeof clientId !== 'string' || clientId === '') throw invalidParameter('ClientId is required.');
  if (clientId !== ctx.config.clientId)
    throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
  return clientId;
}

/** Refuses a sign-in for a state Cognito refuses, once the password has been proven. */
function assertCanSignIn(user: User) {
  if (!user.enabled) throw new CognitoError('NotAuthorizedException', 'User is disabled.');
  if (user.status === 'RESET_REQUIRED')
    throw new CognitoError('PasswordResetRequiredException', 'Password reset required for the user');
  if (user.status === 'UNCONFIRMED') throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  if (
    user.status === 'FORCE_CHANGE_PASSWORD' &&
    user.temporaryPasswordExpiresAt &&
    user.temporaryPasswordExpiresAt.getTime() < Date.now()
  ) {
    throw new CognitoError(
      'NotAuthorizedException',
      'Temporary password has expired and must be reset by an administrator.',
    );
  }
}

function challengeSession(ctx: IdentityContext, user: User, client: string, challenge: string) {
  return ctx.sealer.seal(
    CHALLENGE_PURPOSE,
    { sub: user.id, client, challenge } satisfies ChallengeState,
    ctx.config.sessionSeconds,
  );
}

/**
 * After the password is proven: a forced password change, or tokens. (MFA and device challenges
 * slot in here.)
 */
async function afterPasswordProof(ctx: IdentityContext, user: User, client: string) {
  assertCanSignIn(user);
  await recordSuccessfulSignIn(ctx, user);
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const { email_verified: _verified, ...attributes } = user.attributes;
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challengeSession(ctx, user, client, 'NEW_PASSWORD_REQUIRED'),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.id,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({ email: user.email, ...attributes }),
      },
    };
  }
  return { ChallengeParameters: {}, AuthenticationResult: await startSession(ctx, user, client) };
}

/** A user the caller may not learn about: the same answer as a wrong password, or UserNotFound. */
function unknownUser(ctx: IdentityContext) {
  return ctx.config.preventUserExistenceErrors ? incorrectCredentials() : userNotFound();
}

function simulatedIdentity(ctx: IdentityContext, username: string) {
  const digest = createHmac('sha256', ctx.keys.secret)
    .update(`simulated-user\0${username.toLowerCase()}`)
    .digest('hex');
  const id = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`;
  return { id, salt: digest.slice(32, 64), verifier: createHmac('sha256', ctx.keys.secret).update(id).digest('hex') };
}

async function initiateSrp(ctx: IdentityContext, client: string, params: Params) {
  const A = params['SRP_A'];
  if (typeof A !== 'string' || !isValidA(A)) throw invalidParameter('Invalid SRP_A.');
  const username = typeof params['USERNAME'] === 'string' ? params['USERNAME'] : '';
  if (username === '') throw invalidParameter('Missing required parameter USERNAME');
  const user = await findUser(ctx, username);
  if (!user && !ctx.config.preventUserExistenceErrors) throw userNotFound();

  // An unknown user gets a convincing handshake with a stable salt and id, so the answer does
  // not reveal whether the account exists (protocol doc §6.1, ENABLED).
  const identity = user
    ? { id: user.id, salt: user.srpSalt, verifier: user.srpVerifier }
    : simulatedIdentity(ctx, username);
  const { bHex, BHex } = startServerHandshake(identity.verifier);
  const state: SrpState = { sub: identity.id, client, A, B: BHex, b: bHex, ...(user ? {} : { fake: true }) };
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: identity.salt,
      SRP_B: BHex,
      SECRET_BLOCK: ctx.sealer.seal(SRP_PURPOSE, state, ctx.config.sessionSeconds),
      USER_ID_FOR_SRP: identity.id,
      USERNAME: identity.id,
    },
  };
}

async function initiatePassword(ctx: IdentityContext, client: string, params: Params) {
  const user = await findUser(ctx, params['USERNAME']);
  if (!user) throw unknownUser(ctx);
  if (lockedOut(user)) throw passwordAttemptsExceeded();
  if (!passwordMatches(ctx, user, params['PASSWORD'])) {
    await recordFailedSignIn(ctx, user);
    throw incorrectCredentials();
  }
  return afterPasswordProof(ctx, user, client);
}

export async function initiateAuth(ctx: IdentityContext, body: Body) {
  const client = assertClient(ctx, body['ClientId']);
  const params = record(body['AuthParameters'], 'AuthParameters');
  switch (body['AuthFlow']) {
    case 'USER_SRP_AUTH':
      return initiateSrp(ctx, client, params);
    case 'USER_PASSWORD_AUTH':
      return initiatePassword(ctx, client, params);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      // The old refresh path: no rotation, no RefreshToken in the answer (protocol doc §4.4).
      return {
        ChallengeParameters: {},
        AuthenticationResult: await refreshSession(ctx, client, params['REFRESH_TOKEN']),
      };
    default:
      throw invalidParameter(`Unsupported AuthFlow ${String(body['AuthFlow'])}`);
  }
}

export async function getTokensFromRefreshToken(ctx: IdentityContext, body: Body) {
  const client = assertClient(ctx, body['ClientId']);
  return { AuthenticationResult: await refreshSession(ctx, client, body['RefreshToken']) };
}

async function respondPasswordVerifier(ctx: IdentityContext, client: string, responses: Params) {
  const state = ctx.sealer.open<SrpState>(SRP_PURPOSE, responses['PASSWORD_CLAIM_SECRET_BLOCK']);
  if (!state || state.client !== client) throw invalidSession();
  if (responses['USERNAME'] !== state.sub) throw incorrectCredentials();
  if (state.fake) throw incorrectCredentials();
  const [user] = await ctx.db.select().from(identityUsers).where(eq(identityUsers.id, state.sub));
  if (!user) throw incorrectCredentials();
  if (lockedOut(user)) throw passwordAttemptsExceeded();
  const valid = verifyPasswordClaim({
    AHex: state.A,
    BHex: state.B,
    bHex: state.b,
    verifierHex: user.srpVerifier,
    poolName: poolNameOf(ctx.config.userPoolId),
    userId: user.id,
    secretBlock: stringOf(responses['PASSWORD_CLAIM_SECRET_BLOCK']),
    timestamp: stringOf(responses['TIMESTAMP']),
    signature: stringOf(responses['PASSWORD_CLAIM_SIGNATURE']),
  });
  if (!valid) {
    await recordFailedSignIn(ctx, user);
    throw incorrectCredentials();
  }
  return afterPasswordProof(ctx, user, client);
}

/** Opens a challenge Session: it must be for this challenge, client and user. */
async function challengeUser(
  ctx: IdentityContext,
  client: string,
  session: unknown,
  challenge: string,
  username: unknown,
) {
  const state = ctx.sealer.open<ChallengeState>(CHALLENGE_PURPOSE, session);
  if (!state || state.client !== client || state.challenge !== challenge) throw invalidSession();
  const [user] = await ctx.db.select().from(identityUsers).where(eq(identityUsers.id, state.sub));
  if (!user) throw invalidSession();
  if (typeof username === 'string' && username !== '' && (await findUser(ctx, username))?.id !== user.id)
    throw invalidSession();
  return user;
}

/** Attributes a user may fill in while setting their first password. */
const SETTABLE_AT_FIRST_SIGN_IN = new Set([
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'phone_number',
  'birthdate',
  'gender',
  'locale',
  'zoneinfo',
  'picture',
  'profile',
  'website',
  'address',
]);

async function respondNewPassword(ctx: IdentityContext, client: string, body: Body, responses: Params) {
  const user = await challengeUser(ctx, client, body['Session'], 'NEW_PASSWORD_REQUIRED', responses['USERNAME']);
  const password = responses['NEW_PASSWORD'];
  assertPasswordPolicy(password);
  const additions: Record<string, string> = {};
  for (const [key, value] of Object.entries(responses)) {
    if (!key.startsWith('userAttributes.')) continue;
    const name = key.slice('userAttributes.'.length);
    if (!SETTABLE_AT_FIRST_SIGN_IN.has(name)) throw invalidParameter(`Cannot modify the non-mutable attribute ${name}`);
    if (typeof value === 'string' && value !== '') additions[name] = value;
  }
  await setPassword(ctx, { ...user, attributes: { ...user.attributes, ...additions } }, password, 'CONFIRMED');
  const [updated] = await ctx.db.select().from(identityUsers).where(eq(identityUsers.id, user.id));
  return afterPasswordProof(ctx, updated!, client);
}

export async function respondToAuthChallenge(ctx: IdentityContext, body: Body) {
  const client = assertClient(ctx, body['ClientId']);
  const responses = record(body['ChallengeResponses'], 'ChallengeResponses');
  switch (body['ChallengeName']) {
    case 'PASSWORD_VERIFIER':
      return respondPasswordVerifier(ctx, client, responses);
    case 'NEW_PASSWORD_REQUIRED':
      return respondNewPassword(ctx, client, body, responses);
    default:
      throw invalidParameter(`Unsupported ChallengeName ${String(body['ChallengeName'])}`);
  }
}
