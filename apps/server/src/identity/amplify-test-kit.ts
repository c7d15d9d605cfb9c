import { Amplify } from 'aws-amplify';
import { createTestApp, listen, type TestContext } from '../test/app';

/**
 * A test app listening on loopback with the real embedded identity service, and the real
 * aws-amplify client configured against it, as the web app configures it from /config.json.
 */
export async function startForAmplify(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestContext> {
  const ctx = await createTestApp({ realIdentity: true, ...options });
  const url = await listen(ctx.app);
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: ctx.config.identity.userPoolId,
        userPoolClientId: ctx.config.identity.clientId,
        userPoolEndpoint: `${url}/identity`,
      },
    },
  });
  return ctx;
}
