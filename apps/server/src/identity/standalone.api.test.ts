import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { runBackup } from '../db/backup';
import { DataDirInUse } from '../plugins/admin-socket';
import { freshDatabase, testEngine } from '../test/databases';
import { buildIdentityServer } from './standalone';

describe('the standalone identity service', () => {
  it('answers the Cognito protocol and serves its JWKS without the portal around it', async () => {
    const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sp-idp-')), LOG_LEVEL: 'silent' });
    const database = await freshDatabase();
    const { app, identity } = await buildIdentityServer(config, { database, logger: false });
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

  it.runIf(testEngine === 'pglite')(
    'holds its embedded data directory as the portal does: no second process opens it, backups go through it',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-idp-'));
      const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const { app } = await buildIdentityServer(config, { logger: false });
      try {
        expect(fs.statSync(path.join(dataDir, 'admin.sock')).mode & 0o777).toBe(0o600);
        await expect(buildIdentityServer(config, { logger: false })).rejects.toBeInstanceOf(DataDirInUse);
        const printed: string[] = [];
        await runBackup(config, path.join(dataDir, '..', `${path.basename(dataDir)}.backup.gz`), (line) =>
          printed.push(line),
        );
        expect(printed[0]).toMatch(/through the running server/);
        expect(printed.join('\n')).toMatch(/identity_keys: \d+ rows/);
      } finally {
        await app.close();
      }
      // Closed, it lets the directory go: the next start opens it.
      const again = await buildIdentityServer(config, { logger: false });
      await again.app.close();
      fs.rmSync(`${dataDir}.backup.gz`, { force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  );
});
