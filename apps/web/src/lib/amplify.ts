import { AppError } from '@staff-portal/shared/errors';
import { PASSWORD_MIN_LENGTH } from '@staff-portal/shared/password-policy';
import type { RuntimeConfig } from '@staff-portal/shared/runtime-config';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import { NETWORK_ERROR_CODE } from './api-client';
import { i18n } from './i18n';

/**
 * Points Amplify's Auth client at the pool the runtime config names: Cognito, or the embedded
 * identity service through the custom user-pool endpoint (docs/product/identity.md), so one build serves
 * every deployment. Seed §9: e-mail is the login name and sign-up verification is by code.
 */
export function configureAmplify(config: RuntimeConfig): void {
  const { userPoolId, userPoolClientId, userPoolEndpoint } = config.auth;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(userPoolEndpoint === undefined ? {} : { userPoolEndpoint }),
        loginWith: { email: true },
        signUpVerificationMethod: 'code',
        // The widget checks new passwords against this before sending them, with the docs/product/specification.md §5
        // messages ("Password must have at least 8 characters", ...); the service enforces it.
        passwordFormat: {
          minLength: PASSWORD_MIN_LENGTH,
          requireLowercase: true,
          requireUppercase: true,
          requireNumbers: true,
          requireSpecialCharacters: true,
        },
      },
    },
  });
}

/**
 * The bearer token of every API call: the ID token (docs/product/specification.md §7). Amplify refreshes an expired one
 * itself. No tokens (nobody signed in, or a refresh the service refused): undefined, and the API
 * answers 401, which the gate treats as a lost session. A refresh that failed for want of a
 * network is not a lost session (docs/product/specification.md §4: only "not authorized" signs out), so it surfaces as
 * the seed's "Network error". With `forceRefresh`, a new token from the refresh token even if the
 * current one has not expired: the API refused it as older than a change to the account
 * (decision record 0041).
 */
export async function currentIdToken(options: { forceRefresh?: boolean } = {}): Promise<string | undefined> {
  try {
    const { tokens } = await fetchAuthSession({ forceRefresh: options.forceRefresh === true });
    return tokens?.idToken?.toString();
  } catch (error) {
    if (error instanceof Error && error.name === 'NetworkError') {
      throw new AppError(NETWORK_ERROR_CODE, i18n.t('networkError'), { status: 0 });
    }
    throw error;
  }
}
