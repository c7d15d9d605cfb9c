import { eq } from 'drizzle-orm';
import { PASSWORD_CHANGED_ATTRIBUTE } from '@staff-portal/shared/constants';
import { assertClient } from './auth-flows';
import { consumeCode, countAgainstQuota, issueCode, type CodePurpose } from './codes';
import type { IdentityContext } from './context';
import {
  CognitoError,
  codeMismatch,
  expiredCode,
  incorrectCredentials,
  invalidParameter,
  userNotFound,
} from './errors';
import { messagesFor, type MessageTexts } from './messages';
import { deliver, maskDestination } from './outbox';
import { identityUsers } from './schema';
import { endAllSessions, revokeRefreshToken, userFromAccessToken } from './sessions';
import {
  assertPasswordPolicy,
  attributeList,
  findUser,
  passwordMatches,
  PROFILE_ATTRIBUTES,
  setPassword,
  type User,
} from './users';

type Body = Record<string, unknown>;

/** Attributes a signed-in user may change about themselves; the rest are the admins'. */
const SELF_MUTABLE = new Set([...PROFILE_ATTRIBUTES, 'email']);

function attributeInput(value: unknown, field: string): { Name: string; Value: string }[] {
  if (!Array.isArray(value)) throw invalidParameter(`${field} must be a list.`);
  return value.map((item: unknown) => {
    const { Name, Value } = (item ?? {}) as { Name?: unknown; Value?: unknown };
    if (typeof Name !== 'string' || typeof Value !== 'string' || Value.length > 2048) {
      throw invalidParameter(`${field} must be a list of {Name, Value} strings.`);
    }
    return { Name, Value };
  });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function sendVerificationCode(ctx: IdentityContext, user: User, attribute: 'email' | 'phone_number') {
  const purpose: CodePurpose = attribute === 'email' ? 'verify_email' : 'verify_phone_number';
  const code = await issueCode(ctx, user.id, purpose);
  const medium = attribute === 'email' ? 'EMAIL' : 'SMS';
  const destination = attribute === 'email' ? user.email : (user.attributes['phone_number'] ?? '');
  const { subject, body } = messagesFor(user.attributes).verificationCode(code);
  await deliver(ctx, { medium, recipient: destination, subject, body, userId: user.id });
  return { Destination: maskDestination(medium, destination), DeliveryMedium: medium, AttributeName: attribute };
}

export async function getUser(ctx: IdentityContext, body: Body) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  return {
    Username: user.id,
    UserAttributes: attributeList(user),
    ...(user.preferredMfa ? { PreferredMfaSetting: user.preferredMfa } : {}),
    UserMFASettingList: [
      ...(user.smsMfaEnabled ? ['SMS_MFA'] : []),
      ...(user.totpEnabled ? ['SOFTWARE_TOKEN_MFA'] : []),
    ],
  };
}

export async function changePassword(ctx: IdentityContext, body: Body) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  await countAgainstQuota(ctx, user.id, 'ChangePassword');
  if (!passwordMatches(ctx, user, body['PreviousPassword'])) throw incorrectCredentials();
  assertPasswordPolicy(body['ProposedPassword']);
  await setPassword(ctx, user, body['ProposedPassword'], 'CONFIRMED');
  return {};
}

export async function updateUserAttributes(ctx: IdentityContext, body: Body) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  const changes = attributeInput(body['UserAttributes'], 'UserAttributes');
  const attributes = { ...user.attributes };
  let email = user.email;
  const toVerify: ('email' | 'phone_number')[] = [];
  for (const { Name, Value } of changes) {
    // The seed's web app sends its own time for the last password change after ChangePassword.
    // The call must succeed, but the service keeps the time it recorded itself (setPassword):
    // a client value would let anyone postpone their password's expiry forever (decision 0012).
    if (Name === PASSWORD_CHANGED_ATTRIBUTE) continue;
    if (!SELF_MUTABLE.has(Name)) throw invalidParameter(`Cannot modify the non-mutable attribute ${Name}`);
    if (Name === 'email') {
      if (!EMAIL.test(Value)) throw invalidParameter('Invalid email address format.');
      const other = await findUser(ctx, Value);
      if (other && other.id !== user.id)
        throw new CognitoError('AliasExistsException', 'An account with the given email already exists.');
      if (Value.toLowerCase() !== email.toLowerCase()) {
        email = Value;
        attributes['email_verified'] = 'false';
        toVerify.push('email');
      }
    } else if (Name === 'phone_number') {
      if (!/^\+[0-9]{6,15}$/.test(Value)) throw invalidParameter('Invalid phone number format.');
      if (Value !== attributes['phone_number']) {
        attributes['phone_number'] = Value;
        attributes['phone_number_verified'] = 'false';
        toVerify.push('phone_number');
      }
    } else {
      attributes[Name] = Value;
    }
  }
  await ctx.db
    .update(identityUsers)
    .set({ email, attributes, updatedAt: new Date() })
    .where(eq(identityUsers.id, user.id));
  ctx.userChanged?.(user.id);
  const updated = { ...user, email, attributes };
  const CodeDeliveryDetailsList = [];
  for (const attribute of toVerify) CodeDeliveryDetailsList.push(await sendVerificationCode(ctx, updated, attribute));
  return { CodeDeliveryDetailsList };
}

function verifiableAttribute(value: unknown): 'email' | 'phone_number' {
  if (value === 'email' || value === 'phone_number') return value;
  throw invalidParameter('AttributeName must be email or phone_number.');
}

export async function getUserAttributeVerificationCode(ctx: IdentityContext, body: Body) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  const attribute = verifiableAttribute(body['AttributeName']);
  if (attribute === 'phone_number' && !user.attributes['phone_number'])
    throw invalidParameter('The user has no phone_number.');
  await countAgainstQuota(ctx, user.id, 'GetUserAttributeVerificationCode');
  return { CodeDeliveryDetails: await sendVerificationCode(ctx, user, attribute) };
}

export async function verifyUserAttribute(ctx: IdentityContext, body: Body) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  const attribute = verifiableAttribute(body['AttributeName']);
  await countAgainstQuota(ctx, user.id, 'VerifyUserAttribute');
  await consumeCode(ctx, user.id, attribute === 'email' ? 'verify_email' : 'verify_phone_number', body['Code']);
  await ctx.db
    .update(identityUsers)
    .set({ attributes: { ...user.attributes, [`${attribute}_verified`]: 'true' }, updatedAt: new Date() })
    .where(eq(identityUsers.id, user.id));
  ctx.userChanged?.(user.id);
  return {};
}

export async function deleteUserAttributes(ctx: IdentityContext, body: Body) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  const names = body['UserAttributeNames'];
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string'))
    throw invalidParameter('UserAttributeNames must be a list of names.');
  const attributes = { ...user.attributes };
  for (const name of names) {
    if (!SELF_MUTABLE.has(name) || name === 'email') throw invalidParameter(`Cannot delete the attribute ${name}`);
    delete attributes[name];
    if (name === 'phone_number') delete attributes['phone_number_verified'];
  }
  await ctx.db.update(identityUsers).set({ attributes, updatedAt: new Date() }).where(eq(identityUsers.id, user.id));
  ctx.userChanged?.(user.id);
  return {};
}

/** Accounts are managed by administrators in this product; a user cannot delete their own. */
export async function deleteUser(ctx: IdentityContext, body: Body): Promise<object> {
  await userFromAccessToken(ctx, body['AccessToken']);
  throw new CognitoError('NotAuthorizedException', 'Accounts are deleted by an administrator.');
}

export async function globalSignOut(ctx: IdentityContext, body: Body) {
  const user = await userFromAccessToken(ctx, body['AccessToken']);
  await endAllSessions(ctx, user.id);
  return {};
}

export async function revokeToken(ctx: IdentityContext, body: Body) {
  const client = assertClient(ctx, body['ClientId']);
  await revokeRefreshToken(ctx, client, body['Token']);
  return {};
}

/** Issues a code for the purpose and e-mails it in the user's language; answers Cognito's CodeDeliveryDetails. */
async function emailCode(
  ctx: IdentityContext,
  user: User,
  purpose: CodePurpose,
  message: (texts: MessageTexts, code: string) => { subject: string; body: string },
) {
  const code = await issueCode(ctx, user.id, purpose);
  const { subject, body } = message(messagesFor(user.attributes), code);
  await deliver(ctx, { medium: 'EMAIL', recipient: user.email, subject, body, userId: user.id });
  return {
    CodeDeliveryDetails: {
      Destination: maskDestination('EMAIL', user.email),
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    },
  };
}

/** The simulated delivery that hides whether an account exists (protocol doc §6.1). */
function simulatedDelivery(username: string) {
  return {
    CodeDeliveryDetails: {
      Destination: maskDestination('EMAIL', username.includes('@') ? username : 'user@example.org'),
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    },
  };
}

export async function forgotPassword(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body['ClientId']);
  const username = typeof body['Username'] === 'string' ? body['Username'] : '';
  if (username === '') throw invalidParameter('Username is required.');
  const user = await findUser(ctx, username);
  if (!user || !user.enabled) {
    if (ctx.config.preventUserExistenceErrors) return simulatedDelivery(username);
    throw user ? new CognitoError('NotAuthorizedException', 'User is disabled.') : userNotFound();
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') {
    throw new CognitoError('NotAuthorizedException', 'User password cannot be reset in the current state.');
  }
  if (user.attributes['email_verified'] !== 'true') {
    throw invalidParameter(
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  await countAgainstQuota(ctx, user.id, 'ForgotPassword');
  return emailCode(ctx, user, 'forgot_password', (texts, code) => texts.passwordResetCode(code));
}

export async function confirmForgotPassword(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body['ClientId']);
  const user = await findUser(ctx, body['Username']);
  if (!user || !user.enabled) {
    if (ctx.config.preventUserExistenceErrors) throw codeMismatch();
    throw user ? new CognitoError('NotAuthorizedException', 'User is disabled.') : userNotFound();
  }
  await countAgainstQuota(ctx, user.id, 'ConfirmForgotPassword');
  assertPasswordPolicy(body['Password']);
  await consumeCode(ctx, user.id, 'forgot_password', body['ConfirmationCode']);
  await setPassword(ctx, user, body['Password'], 'CONFIRMED');
  // A reset ends every session, as a changed password must.
  await endAllSessions(ctx, user.id);
  return {};
}

/** Sign-up is disabled in this product (docs/product/specification.md §1): accounts are created by administrators. */
export async function signUp(ctx: IdentityContext, body: Body): Promise<object> {
  assertClient(ctx, body['ClientId']);
  throw new CognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
}

export async function confirmSignUp(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body['ClientId']);
  const user = await findUser(ctx, body['Username']);
  if (!user) throw ctx.config.preventUserExistenceErrors ? expiredCode() : userNotFound();
  if (user.status !== 'UNCONFIRMED') {
    throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
  }
  await consumeCode(ctx, user.id, 'confirm_sign_up', body['ConfirmationCode']);
  await ctx.db
    .update(identityUsers)
    .set({ status: 'CONFIRMED', attributes: { ...user.attributes, email_verified: 'true' }, updatedAt: new Date() })
    .where(eq(identityUsers.id, user.id));
  return {};
}

export async function resendConfirmationCode(ctx: IdentityContext, body: Body) {
  assertClient(ctx, body['ClientId']);
  const username = typeof body['Username'] === 'string' ? body['Username'] : '';
  const user = await findUser(ctx, username);
  if (!user) {
    if (ctx.config.preventUserExistenceErrors) return simulatedDelivery(username);
    throw userNotFound();
  }
  // The Authenticator treats exactly this message as "already confirmed" (protocol doc §5.1).
  if (user.status !== 'UNCONFIRMED') throw invalidParameter('User is already confirmed.');
  await countAgainstQuota(ctx, user.id, 'ResendConfirmationCode');
  return emailCode(ctx, user, 'confirm_sign_up', (texts, code) => texts.confirmationCode(code));
}
