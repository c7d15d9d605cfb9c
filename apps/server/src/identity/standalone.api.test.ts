import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { freshDatabase } from '../test/databases';
import { buildIdentityServer } from './standalone';

describe('the standalone identity service', () => {
  it('answers the Cognito protocol and serves its JWKS without the portal around it', async () => {
    const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sp-idp-')), LOG_LEVEL: 'silent' });
    const database = await freshDatabase();
    const { app, identity } = await buildIdentityServer(config, database, { logger: false });
    try {
      const jwks = await app.inject(`/identity/${config.identity.userPoolId}/.well-known/jwks.json`);
      expect(jwks.json<{ keys: unknown[] }>().keys).toHaveLength(2);
      const signUp = await app.inject({
        method: 'POST',
        url: '/identity',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
        },
        payload: JSON.stringify({
          ClientId: config.identity.clientId,
          Username: 'x@example.org',
          Password: 'Passw0rd!',
        }),
      });
      expect(signUp.statusCode).toBe(400);
      expect(signUp.json()).toEqual({
        __type: 'NotAuthorizedException',
        message: 'SignUp is not permitted for this user pool',
      });
      expect(identity.issuer).toBe(`http://localhost:3000/identity/${config.identity.userPoolId}`);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
