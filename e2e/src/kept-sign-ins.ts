import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { BrowserContext } from 'playwright-core';
import { CLIENT_ID, identityClient } from './accounts';

/** What a browser context keeps (cookies, and local storage by origin). */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Amplify keeps a user's tokens in local storage under keys that start with this. */
const AMPLIFY_KEYS = 'CognitoIdentityServiceProvider.';

/**
 * The session part of a context's storage: Amplify's keys only. What else the app keeps (the
 * language, the sidebar) is the test's own business and never carried into the next one.
 */
export function sessionPart(state: StorageState): StorageState {
  return {
    cookies: [],
    origins: state.origins.map(({ origin, localStorage }) => ({
      origin,
      localStorage: localStorage.filter(({ name }) => name.startsWith(AMPLIFY_KEYS)),
    })),
  };
}

/**
 * A kept sign-in with fresh tokens, or null when its session has ended (signed out, disabled,
 * deleted, password reset): the refresh the web app itself makes (REFRESH_TOKEN_AUTH), from
 * Node, so that the tokens say what the account is now (its departments, its name) and a page
 * opened with them is a returning user whose browser kept the session (CONTRIBUTING.md §5.6).
 */
export async function renewedSignIn(kept: StorageState): Promise<StorageState | null> {
  const [entry] = kept.origins;
  const refreshToken = entry?.localStorage.find(({ name }) => name.endsWith('.refreshToken'))?.value;
  if (entry === undefined || refreshToken === undefined) return null;
  const sdk = identityClient(entry.origin);
  try {
    const { AuthenticationResult: tokens } = await sdk.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    if (tokens?.IdToken === undefined || tokens.AccessToken === undefined) return null;
    const renewed: Record<string, string> = { idToken: tokens.IdToken, accessToken: tokens.AccessToken };
    return {
      cookies: [],
      origins: [
        {
          origin: entry.origin,
          localStorage: entry.localStorage.map(({ name, value }) => ({
            name,
            value: renewed[name.slice(name.lastIndexOf('.') + 1)] ?? value,
          })),
        },
      ],
    };
  } catch (error) {
    // The identity service refuses an ended session's refresh token: sign in again.
    if ((error as { name?: string }).name === 'NotAuthorizedException') return null;
    throw error;
  } finally {
    sdk.destroy();
  }
}
