import { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// aws-amplify 6.13.0, installed as `aws-amplify-legacy` (a dev dependency of packages/identity),
// is the last client line that refreshes through InitiateAuth REFRESH_TOKEN_AUTH (protocol doc
// §4.4). npm hoisted its @aws-amplify/auth@6.11.0 to the root node_modules but had to nest its
// @aws-amplify/core@6.10.0 under aws-amplify-legacy/node_modules, because the root core is the
// 6.19.2 that aws-amplify 6.22.1 needs. auth declares core only as a peer (^6.1.0), so Node
// resolves the hoisted auth's `@aws-amplify/core` imports to the root 6.19.2: the module graph
// fails to link (`ADD_OAUTH_LISTENER` is no longer exported by core 6.19.2), and even if it
// linked, `Amplify.configure` (core 6.10.0) and the auth functions (core 6.19.2) would hold two
// different singletons. Until the install nests that auth beside its core, a resolve hook sends
// the legacy auth's core imports to the core its own aws-amplify was published with.
const requireHere = createRequire(import.meta.url);
const legacyPackage = requireHere.resolve('aws-amplify-legacy/package.json');
const requireFromLegacy = createRequire(legacyPackage);
const legacyAuthPackage = requireFromLegacy.resolve('@aws-amplify/auth/package.json');
const legacyCore = requireFromLegacy.resolve('@aws-amplify/core/package.json');
const coreSeenByAuth = createRequire(legacyAuthPackage).resolve('@aws-amplify/core/package.json');

/** Whether the installed layout needed the hook (it will not once npm nests the legacy auth). */
export const legacyLayoutPatched = coreSeenByAuth !== legacyCore;

if (legacyLayoutPatched) {
  const hook = `
    let authDir, coreParent;
    export function initialize(data) { ({ authDir, coreParent } = data); }
    export function resolve(specifier, context, next) {
      if ((specifier === '@aws-amplify/core' || specifier.startsWith('@aws-amplify/core/')) &&
          context.parentURL?.startsWith(authDir)) {
        return next(specifier, { ...context, parentURL: coreParent });
      }
      return next(specifier, context);
    }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`, {
    data: {
      authDir: `${pathToFileURL(path.dirname(legacyAuthPackage)).href}/`,
      coreParent: pathToFileURL(legacyPackage).href,
    },
  });
}

// Imported only after the hook is in place.
const { Amplify } = await import('aws-amplify-legacy');
const { cognitoUserPoolsTokenProvider } = await import('aws-amplify-legacy/auth/cognito');
export const { fetchAuthSession, signIn, signOut } = await import('aws-amplify-legacy/auth');

/**
 * Amplify.configure for a test's own endpoint. In 6.13.0 only the first configure hands the auth
 * settings to the token provider, whose refresh would keep calling the first test's (closed)
 * endpoint; a browser configures once, tests once per test, so tell the provider as well.
 */
export function configureLegacyAmplify(cognito: {
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint: string;
}) {
  Amplify.configure({ Auth: { Cognito: cognito } });
  cognitoUserPoolsTokenProvider.setAuthConfig({ Cognito: cognito });
}
