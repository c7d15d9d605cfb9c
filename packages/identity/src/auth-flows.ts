import { createHmac, randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { SignInRefusal } from '@staff-portal/shared/it-admin';
import { poolNameOf } from './config';
import type { IdentityContext } from './context';
import { CognitoError, incorrectCredentials, invalidParameter, invalidSession, userNotFound } from './errors';
import { identityConsumedSteps, identityUsers } from './schema';
import { consumeCode, issueCode } from './codes';
import { type Device, deviceNotFound, deviceOf, newDeviceKeys } from './devices';
import { associateSecret, totpMatches, verifySecret } from './mfa';
import { messagesFor } from './messages';
import { deliver, maskDestination } from './outbox';
import { refreshSession, type SessionStart, startSession, userFromAccessToken } from './sessions';
import { isValidA } from './srp';
import {
  assertPasswordPolicy,
  findUser,
  hasFailuresToClear,
  lockedOut,
  passwordAttemptsExceeded,
  passwordMatches,
  PROFILE_ATTRIBUTES,
  recordFailedSignIn,
  recordSuccessfulSignIn,
  refusedSignIn,
  setPassword,
  type User,
} from './users';

type Body = Record<string, unknown>;
type Params = Record<string, unknown>;

const SRP_PURPOSE = 'srp-secret-block';
const CHALLENGE_PURPOSE = 'challenge-session';

interface SrpState {
  /** Names this handshake, so a completed one is never accepted again. */
  id: string;
  sub: string;
  client: string;
  A: string;
  B: string;
  b: string;
  device?: string;
  /** An unknown user's simulated handshake (PreventUserExistenceErrors); its proof always fails. */
  fake?: boolean;
}

interface ChallengeState {
  id: string;
  sub: string;
  client: string;
  challenge: string;
  /** The DEVICE_KEY the client signed in with, if any. */
  device?: string;
}

interface DeviceSrpState {
  id: string;
  sub: string;
  client: string;
  device: string;
  A: string;
  B: string;
  b: string;
}

const DEVICE_SRP_PURPOSE = 'device-srp-secret-block';

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

/**
 * Why a sign-in is refused for a state Cognito refuses, once the password has been proven: the
 * reason recorded (decision record 0078) and the error answered. Nothing when it may go on.
 */
function signInBlock(user: User): { reason: SignInRefusal; error: CognitoError } | undefined {
  if (!user.enabled)
    return { reason: 'disabled', error: new CognitoError('NotAuthorizedException', 'User is disabled.') };
  if (user.status === 'RESET_REQUIRED')
    return {
      reason: 'reset-required',
      error: new CognitoError('PasswordResetRequiredException', 'Password reset required for the user'),
    };
  if (user.status === 'UNCONFIRMED')
    return { reason: 'unconfirmed', error: new CognitoError('UserNotConfirmedException', 'User is not confirmed.') };
  if (
    user.status === 'FORCE_CHANGE_PASSWORD' &&
    user.temporaryPasswordExpiresAt &&
    user.temporaryPasswordExpiresAt.getTime() < Date.now()
  ) {
    return {
      reason: 'temporary-password-expired',
      error: new CognitoError(
        'NotAuthorizedException',
        'Temporary password has expired and must be reset by an administrator.',
      ),
    };
  }
  return undefined;
}

/** Refuses (and records) a sign-in for a state Cognito refuses, once the password has been proven. */
async function assertCanSignIn(ctx: IdentityContext, user: User) {
  const block = signInBlock(user);
  if (block) throw await refusedSignIn(ctx, user, block.reason, block.error);
}

function challengeSession(ctx: IdentityContext, user: User, client: string, challenge: string, device?: string) {
  const state: ChallengeState = { id: randomUUID(), sub: user.id, client, challenge, ...(device ? { device } : {}) };
  return ctx.sealer.seal(CHALLENGE_PURPOSE, state, ctx.config.sessionSeconds);
}

/** How often an instance deletes the steps whose Sessions have expired (decision record 0058). */
const STEP_SWEEP_MS = 60_000;
const stepsSweptAt = new WeakMap<IdentityContext, number>();

/**
 * Marks a sign-in step as taken, once: a second use of the same sealed block or Session (a
 * replayed request) is refused. Called only when the step succeeds, so a mistyped code can be
 * retried with the same Session, as the Authenticator does. A step that ends in tokens is taken
 * by the statement that starts the session instead (`issue`, decision record 0068).
 */
async function takeStep(ctx: IdentityContext, id: string) {
  const taken = await ctx.db
    .insert(identityConsumedSteps)
    .values(await stepRow(ctx, id))
    .onConflictDoNothing()
    .returning({ id: identityConsumedSteps.id });
  if (taken.length === 0) throw invalidSession();
}

/**
 * The row that marks a step taken, written by takeStep or by the statement that starts a session.
 * Expired steps are deleted here at most once a minute per instance, not on every sign-in: a
 * step's id is random and its sealed block expires before its row does, so a row kept a little
 * longer refuses nothing that could be valid.
 */
async function stepRow(ctx: IdentityContext, id: string) {
  const now = Date.now();
  if (now - (stepsSweptAt.get(ctx) ?? 0) >= STEP_SWEEP_MS) {
    stepsSweptAt.set(ctx, now);
    await ctx.db.delete(identityConsumedSteps).where(lt(identityConsumedSteps.expiresAt, new Date(now)));
  }
  return { id, expiresAt: new Date(now + ctx.config.sessionSeconds * 1000) };
}

const deviceKeyOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Tokens at last. A sign-in from an unknown device gets NewDeviceMetadata, which Amplify
 * confirms straight away (ConfirmDevice); a known device is recorded as used. `known.device` is
 * the device as the caller already read it (null: none), so it is not read again; `known.step`
 * is the step this answer completes, marked taken by the statement that starts the session
 * rather than by one of its own (decision record 0068).
 */
async function issue(
  ctx: IdentityContext,
  user: User,
  client: string,
  deviceKey: string | undefined,
  known: { device?: Device | null; step?: string } = {},
) {
  const device = known.device === undefined ? await deviceOf(ctx, user, deviceKey) : (known.device ?? undefined);
  const signingIn: SessionStart['device'] = device ? { tracked: device.deviceKey } : { added: newDeviceKeys(ctx) };
  const tokens = await startSession(ctx, user, client, {
    device: signingIn,
    ...(known.step ? { step: await stepRow(ctx, known.step) } : {}),
  });
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      ...tokens,
      ...('added' in signingIn
        ? { NewDeviceMetadata: { DeviceKey: signingIn.added.deviceKey, DeviceGroupKey: signingIn.added.groupKey } }
        : {}),
    },
  };
}

/**
 * After the password is proven: a forced password change, a remembered device's proof, a second
 * factor (or its setup), or tokens.
 */
async function afterPasswordProof(
  ctx: IdentityContext,
  user: User,
  client: string,
  deviceKey: string | undefined,
  step?: string,
) {
  await assertCanSignIn(ctx, user);
  // The step is taken before anything is written for it: here when there are failures to clear
  // or a challenge follows; otherwise with the session, or before the challenge mfaOrTokens picks.
  if (step !== undefined && (hasFailuresToClear(user) || user.status === 'FORCE_CHANGE_PASSWORD')) {
    await takeStep(ctx, step);
    step = undefined;
  }
  await recordSuccessfulSignIn(ctx, user);
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    const { email_verified: _verified, ...attributes } = user.attributes;
    return {
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challengeSession(ctx, user, client, 'NEW_PASSWORD_REQUIRED', deviceKey),
      ChallengeParameters: {
        USER_ID_FOR_SRP: user.id,
        requiredAttributes: '[]',
        userAttributes: JSON.stringify({ email: user.email, ...attributes }),
      },
    };
  }
  return mfaOrTokens(ctx, user, client, deviceKey, step);
}

type MfaMethod = 'SMS_MFA' | 'SOFTWARE_TOKEN_MFA';

/**
 * The second factor the user has, or the setup they owe, or tokens. `step`, if given, is the
 * step just proven, not yet marked taken: taken before a challenge, or with the session.
 */
async function mfaOrTokens(
  ctx: IdentityContext,
  user: User,
  client: string,
  deviceKey: string | undefined,
  step: string | undefined,
) {
  const taken = async () => {
    if (step !== undefined) await takeStep(ctx, step);
  };
  // A remembered device proves itself instead of a second factor (protocol doc §2.4).
  const device = await deviceOf(ctx, user, deviceKey);
  if (device?.remembered && device.verifier) {
    await taken();
    return {
      ChallengeName: 'DEVICE_SRP_AUTH',
      Session: challengeSession(ctx, user, client, 'DEVICE_SRP_AUTH', device.deviceKey),
      ChallengeParameters: {},
    };
  }
  const methods: MfaMethod[] = [
    ...(user.smsMfaEnabled ? (['SMS_MFA'] as const) : []),
    ...(user.totpEnabled ? (['SOFTWARE_TOKEN_MFA'] as const) : []),
  ];
  if (methods.length === 0) {
    if (user.mfaRequired) {
      await taken();
      return {
        ChallengeName: 'MFA_SETUP',
        Session: challengeSession(ctx, user, client, 'MFA_SETUP', deviceKey),
        // A JSON string, not a list: Amplify parses it (protocol doc §7.4).
        ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' },
      };
    }
    return issue(ctx, user, client, deviceKey, { device: device ?? null, ...(step !== undefined ? { step } : {}) });
  }
  await taken();
  const preferred = methods.find((m) => m === user.preferredMfa);
  if (!preferred && methods.length > 1) {
    return {
      ChallengeName: 'SELECT_MFA_TYPE',
      Session: challengeSession(ctx, user, client, 'SELECT_MFA_TYPE', deviceKey),
      ChallengeParameters: { MFAS_CAN_CHOOSE: JSON.stringify(methods) },
    };
  }
  return mfaChallenge(ctx, user, client, preferred ?? methods[0]!, deviceKey);
}

async function mfaChallenge(
  ctx: IdentityContext,
  user: User,
  client: string,
  method: MfaMethod,
  deviceKey: string | undefined,
) {
  const Session = challengeSession(ctx, user, client, method, deviceKey);
  if (method === 'SOFTWARE_TOKEN_MFA') return { ChallengeName: method, Session, ChallengeParameters: {} };
  const phone = user.attributes['phone_number'] ?? '';
  const code = await issueCode(ctx, user.id, 'sms_mfa');
  const { subject, body: text } = messagesFor(user.attributes).signInCode(code);
  await deliver(ctx, { medium: 'SMS', recipient: phone, subject, body: text, userId: user.id });
  return {
    ChallengeName: method,
    Session,
    ChallengeParameters: {
      CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS',
      CODE_DELIVERY_DESTINATION: maskDestination('SMS', phone),
    },
  };
}

const wrongMfaCode = () => new CognitoError('CodeMismatchException', 'Invalid code received for user');

async function respondMfa(ctx: IdentityContext, client: string, body: Body, responses: Params, method: MfaMethod) {
  const { user, device, step } = await challengeUser(ctx, client, body['Session'], method, responses['USERNAME']);
  if (lockedOut(user)) throw await refusedSignIn(ctx, user, 'locked', passwordAttemptsExceeded());
  if (method === 'SOFTWARE_TOKEN_MFA') {
    if (!totpMatches(ctx, user, responses['SOFTWARE_TOKEN_MFA_CODE'])) {
      await recordFailedSignIn(ctx, user, 'wrong-code');
      throw wrongMfaCode();
    }
  } else {
    try {
      await consumeCode(ctx, user.id, 'sms_mfa', responses['SMS_MFA_CODE']);
    } catch (error) {
      await recordFailedSignIn(ctx, user, 'wrong-code');
      throw error instanceof CognitoError && error.type === 'CodeMismatchException' ? wrongMfaCode() : error;
    }
  }
  await recordSuccessfulSignIn(ctx, user);
  return issue(ctx, user, client, device, { step });
}

async function respondSelectMfa(ctx: IdentityContext, client: string, body: Body, responses: Params) {
  const { user, device, take } = await challengeUser(
    ctx,
    client,
    body['Session'],
    'SELECT_MFA_TYPE',
    responses['USERNAME'],
  );
  const answer = responses['ANSWER'];
  const allowed = { SMS_MFA: user.smsMfaEnabled, SOFTWARE_TOKEN_MFA: user.totpEnabled };
  if ((answer !== 'SMS_MFA' && answer !== 'SOFTWARE_TOKEN_MFA') || !allowed[answer]) {
    throw invalidParameter('ANSWER must be an MFA type the user has: SMS_MFA or SOFTWARE_TOKEN_MFA.');
  }
  await take();
  return mfaChallenge(ctx, user, client, answer, device);
}

async function respondMfaSetup(ctx: IdentityContext, client: string, body: Body, responses: Params) {
  const { user, device, step } = await challengeUser(ctx, client, body['Session'], 'MFA_SETUP', responses['USERNAME']);
  if (!user.totpEnabled) throw invalidParameter('Software token MFA has not been verified.');
  return issue(ctx, user, client, device, { step });
}

/**
 * The MFA_SETUP Session that AssociateSoftwareToken and VerifySoftwareToken carry during sign-in:
 * its user, and once the step succeeded, the Session that the next step needs.
 */
async function mfaSetupStep(ctx: IdentityContext, session: unknown) {
  const client = ctx.config.clientId;
  const { user, device, take } = await challengeUser(ctx, client, session, 'MFA_SETUP', undefined);
  return {
    user,
    /** Marks this Session used and hands out the next one. */
    next: async () => {
      await take();
      return challengeSession(ctx, user, client, 'MFA_SETUP', device);
    },
  };
}

/** AssociateSoftwareToken, in a signed-in session (AccessToken) or during MFA_SETUP (Session). */
export async function associateSoftwareToken(ctx: IdentityContext, body: Body) {
  if (body['Session'] !== undefined) {
    const step = await mfaSetupStep(ctx, body['Session']);
    const Session = await step.next();
    return { SecretCode: await associateSecret(ctx, step.user), Session };
  }
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  return { SecretCode: await associateSecret(ctx, user) };
}

/** VerifySoftwareToken; a wrong code is an error, never Status ERROR (protocol doc §5.2). */
export async function verifySoftwareToken(ctx: IdentityContext, body: Body) {
  if (body['Session'] !== undefined) {
    const step = await mfaSetupStep(ctx, body['Session']);
    await verifySecret(ctx, step.user, body['UserCode'], { enable: true });
    return { Status: 'SUCCESS', Session: await step.next() };
  }
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  await verifySecret(ctx, user, body['UserCode'], { enable: false });
  return { Status: 'SUCCESS' };
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
  const { bHex, BHex } = await ctx.srp.startServerHandshake(identity.verifier);
  const state: SrpState = {
    id: randomUUID(),
    sub: identity.id,
    client,
    A,
    B: BHex,
    b: bHex,
    ...(user ? {} : { fake: true }),
  };
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
  if (lockedOut(user)) throw await refusedSignIn(ctx, user, 'locked', passwordAttemptsExceeded());
  if (!passwordMatches(ctx, user, params['PASSWORD'])) {
    await recordFailedSignIn(ctx, user, 'wrong-password');
    throw incorrectCredentials();
  }
  return afterPasswordProof(ctx, user, client, deviceKeyOf(params['DEVICE_KEY']));
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
  if (lockedOut(user)) throw await refusedSignIn(ctx, user, 'locked', passwordAttemptsExceeded());
  const valid = await ctx.srp.verifyPasswordClaim({
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
    await recordFailedSignIn(ctx, user, 'wrong-password');
    throw incorrectCredentials();
  }
  return afterPasswordProof(ctx, user, client, deviceKeyOf(responses['DEVICE_KEY']), state.id);
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
  return { user, device: state.device, step: state.id, take: () => takeStep(ctx, state.id) };
}

async function respondNewPassword(ctx: IdentityContext, client: string, body: Body, responses: Params) {
  const { user, device, take } = await challengeUser(
    ctx,
    client,
    body['Session'],
    'NEW_PASSWORD_REQUIRED',
    responses['USERNAME'],
  );
  if (user.status !== 'FORCE_CHANGE_PASSWORD') throw invalidSession();
  const password = responses['NEW_PASSWORD'];
  assertPasswordPolicy(password);
  const additions: Record<string, string> = {};
  for (const [key, value] of Object.entries(responses)) {
    if (!key.startsWith('userAttributes.')) continue;
    const name = key.slice('userAttributes.'.length);
    if (!PROFILE_ATTRIBUTES.has(name)) throw invalidParameter(`Cannot modify the non-mutable attribute ${name}`);
    if (typeof value === 'string' && value !== '') additions[name] = value;
  }
  await take();
  await setPassword(ctx, { ...user, attributes: { ...user.attributes, ...additions } }, password, 'CONFIRMED');
  const [updated] = await ctx.db.select().from(identityUsers).where(eq(identityUsers.id, user.id));
  return afterPasswordProof(ctx, updated!, client, device);
}

async function respondDeviceSrp(ctx: IdentityContext, client: string, body: Body, responses: Params) {
  const {
    user,
    device: sessionDevice,
    take,
  } = await challengeUser(ctx, client, body['Session'], 'DEVICE_SRP_AUTH', responses['USERNAME']);
  const device = await deviceOf(ctx, user, responses['DEVICE_KEY']);
  if (!device || device.deviceKey !== sessionDevice || !device.verifier || !device.salt) throw deviceNotFound();
  const A = responses['SRP_A'];
  if (typeof A !== 'string' || !isValidA(A)) throw invalidParameter('Invalid SRP_A.');
  await take();
  const { bHex, BHex } = await ctx.srp.startServerHandshake(device.verifier);
  const state: DeviceSrpState = {
    id: randomUUID(),
    sub: user.id,
    client,
    device: device.deviceKey,
    A,
    B: BHex,
    b: bHex,
  };
  const secretBlock = ctx.sealer.seal(DEVICE_SRP_PURPOSE, state, ctx.config.sessionSeconds);
  return {
    ChallengeName: 'DEVICE_PASSWORD_VERIFIER',
    Session: challengeSession(ctx, user, client, 'DEVICE_PASSWORD_VERIFIER', device.deviceKey),
    ChallengeParameters: {
      SRP_B: BHex,
      SALT: device.salt,
      SECRET_BLOCK: secretBlock,
      USERNAME: user.id,
      DEVICE_KEY: device.deviceKey,
    },
  };
}

async function respondDevicePasswordVerifier(ctx: IdentityContext, client: string, responses: Params) {
  const state = ctx.sealer.open<DeviceSrpState>(DEVICE_SRP_PURPOSE, responses['PASSWORD_CLAIM_SECRET_BLOCK']);
  if (!state || state.client !== client || responses['DEVICE_KEY'] !== state.device) throw invalidSession();
  const [user] = await ctx.db.select().from(identityUsers).where(eq(identityUsers.id, state.sub));
  const device = user ? await deviceOf(ctx, user, state.device) : undefined;
  if (!user || !device?.verifier) throw deviceNotFound();
  const valid = await ctx.srp.verifyPasswordClaim({
    AHex: state.A,
    BHex: state.B,
    bHex: state.b,
    verifierHex: device.verifier,
    poolName: device.groupKey,
    userId: device.deviceKey,
    secretBlock: stringOf(responses['PASSWORD_CLAIM_SECRET_BLOCK']),
    timestamp: stringOf(responses['TIMESTAMP']),
    signature: stringOf(responses['PASSWORD_CLAIM_SIGNATURE']),
  });
  if (!valid) throw incorrectCredentials();
  await assertCanSignIn(ctx, user);
  return issue(ctx, user, client, device.deviceKey, { device, step: state.id });
}

export async function respondToAuthChallenge(ctx: IdentityContext, body: Body) {
  const client = assertClient(ctx, body['ClientId']);
  const responses = record(body['ChallengeResponses'], 'ChallengeResponses');
  switch (body['ChallengeName']) {
    case 'PASSWORD_VERIFIER':
      return respondPasswordVerifier(ctx, client, responses);
    case 'NEW_PASSWORD_REQUIRED':
      return respondNewPassword(ctx, client, body, responses);
    case 'SOFTWARE_TOKEN_MFA':
    case 'SMS_MFA':
      return respondMfa(ctx, client, body, responses, body['ChallengeName']);
    case 'SELECT_MFA_TYPE':
      return respondSelectMfa(ctx, client, body, responses);
    case 'MFA_SETUP':
      return respondMfaSetup(ctx, client, body, responses);
    case 'DEVICE_SRP_AUTH':
      return respondDeviceSrp(ctx, client, body, responses);
    case 'DEVICE_PASSWORD_VERIFIER':
      return respondDevicePasswordVerifier(ctx, client, responses);
    default:
      throw invalidParameter(`Unsupported ChallengeName ${String(body['ChallengeName'])}`);
  }
}
