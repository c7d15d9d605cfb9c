import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.identity).toEqual({
      provider: 'embedded',
      region: 'ap-southeast-1',
      userPoolId: 'ap-southeast-1_StaffPortal',
      clientId: 'staffportalweb',
      endpoint: 'http://localhost:3000/identity',
      userPoolEndpoint: 'http://localhost:3000/identity',
      preventUserExistenceErrors: true,
      adminCredentials: undefined,
      keyEncryptionKey: undefined,
      logMessages: false,
      srpThreads: undefined,
    });
    expect(config.seed).toBe('demo');
    expect(config.logLevel).toBe('warn');
    expect(config.passwordExpiryMonths).toBe(6);
    expect(config.superAdminUserId).toBeUndefined();
    expect(config.api).toEqual({ logApiUrl: '/api', leaveApiUrl: '/api', irApiUrl: '/api' });
    expect(config.organisation).toEqual({ department: 'UNION', timeZone: 'Asia/Kuala_Lumpur' });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://u@db:5432/portal',
      PUBLIC_URL: 'https://portal.example.org/',
      IDENTITY_PROVIDER: 'cognito',
      AUTH_USER_POOL_ID: 'ap-southeast-1_Ab12Cd34E',
      AUTH_CLIENT_ID: '1example23456789abcdefghij',
      SEED: 'none',
      LOG_LEVEL: 'info',
      LOG_API_URL: 'https://logs.example.org/v1/',
      PASSWORD_EXPIRY_MONTHS: '3',
      SUPER_ADMIN_USER_ID: ' 0B7E1C52-3F4A-4D8E-9C11-2A6B5D4E3F21 ',
      TRUST_PROXY: 'true',
      LOG_IDENTITY_MESSAGES: 'true',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/portal',
      databaseUrl: 'postgres://u@db:5432/portal',
      publicUrl: 'https://portal.example.org',
      seed: 'none',
      logLevel: 'info',
      passwordExpiryMonths: 3,
      superAdminUserId: '0b7e1c52-3f4a-4d8e-9c11-2a6b5d4e3f21',
      trustProxy: true,
      api: { logApiUrl: 'https://logs.example.org/v1', leaveApiUrl: '/api', irApiUrl: '/api' },
    });
    expect(config.identity).toEqual({
      provider: 'cognito',
      region: 'ap-southeast-1',
      userPoolId: 'ap-southeast-1_Ab12Cd34E',
      clientId: '1example23456789abcdefghij',
      endpoint: 'https://cognito-idp.ap-southeast-1.amazonaws.com',
      userPoolEndpoint: undefined,
      preventUserExistenceErrors: true,
      adminCredentials: undefined,
      keyEncryptionKey: undefined,
      logMessages: true,
      srpThreads: undefined,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a port number \(0-65535\) \(got "abc"\)$/],
    [
      { PASSWORD_EXPIRY_MONTHS: '0' },
      /^Invalid configuration: PASSWORD_EXPIRY_MONTHS must be a whole number of months/,
    ],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL must be an http\(s\) URL/],
    [{ IDENTITY_PROVIDER: 'okta' }, /^Invalid configuration: IDENTITY_PROVIDER /],
    [{ SEED: 'lots' }, /^Invalid configuration: SEED /],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ ORG_TIME_ZONE: 'Mars/Olympus' }, /^Invalid configuration: ORG_TIME_ZONE must be an IANA time zone/],
    [
      { SUPER_ADMIN_USER_ID: 'superadmin@staffportal.example' },
      /^Invalid configuration: SUPER_ADMIN_USER_ID must be a user's id \(the identity sub, a UUID\) \(got "superadmin@staffportal\.example"\)$/,
    ],
    [
      { SUPER_ADMIN_USER_ID: '0b7e1c52-3f4a-4d8e-9c11' },
      /^Invalid configuration: SUPER_ADMIN_USER_ID must be a user's id/,
    ],
    [{ LEAVE_API_URL: 'leave' }, /^Invalid configuration: LEAVE_API_URL must be an absolute URL or a path/],
    [
      { IDENTITY_PROVIDER: 'cognito' },
      /^Invalid configuration: AUTH_USER_POOL_ID is required when IDENTITY_PROVIDER=cognito$/,
    ],
    [{ IDENTITY_PROVIDER: 'cognito', AUTH_USER_POOL_ID: 'ap-southeast-1_X1' }, /AUTH_CLIENT_ID is required/],
    [{ AUTH_USER_POOL_ID: 'pool-without-underscore' }, /^Invalid configuration: AUTH_USER_POOL_ID must look like/],
    [
      { AUTH_REGION: 'us-east-1', AUTH_USER_POOL_ID: 'ap-southeast-1_X1' },
      /AUTH_USER_POOL_ID must start with AUTH_REGION/,
    ],
  ])('refuses %o with one line naming the variable', (env, message) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads the rate limits, with defaults a person never reaches', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      windowSeconds: 60,
      identityPerClient: 300,
      identityPerAccount: 20,
      exportsPerUser: 10,
      writesPerUser: 120,
    });
    expect(
      loadConfig({
        RATE_LIMIT_WINDOW_SECONDS: '10',
        RATE_LIMIT_IDENTITY_PER_CLIENT: '1000',
        RATE_LIMIT_IDENTITY_PER_ACCOUNT: '5',
        RATE_LIMIT_EXPORTS_PER_USER: '2',
        RATE_LIMIT_WRITES_PER_USER: '1000000',
      }).rateLimits,
    ).toEqual({
      windowSeconds: 10,
      identityPerClient: 1000,
      identityPerAccount: 5,
      exportsPerUser: 2,
      writesPerUser: 1_000_000,
    });
  });

  it.each([
    ['RATE_LIMIT_WINDOW_SECONDS', '0', /must be a whole number of seconds \(1-3600\)/],
    ['RATE_LIMIT_WRITES_PER_USER', '0', /must be a whole number of requests \(1-1000000\)/],
    ['RATE_LIMIT_EXPORTS_PER_USER', '2.5', /must be a whole number of requests/],
    ['RATE_LIMIT_IDENTITY_PER_ACCOUNT', 'many', /must be a whole number of requests/],
    ['RATE_LIMIT_IDENTITY_PER_CLIENT', '-1', /must be a whole number of requests/],
    ['IDENTITY_SRP_THREADS', '-1', /must be a whole number of threads \(0-64\)/],
    ['IDENTITY_SRP_THREADS', '1.5', /must be a whole number of threads/],
    ['IDENTITY_SRP_THREADS', 'many', /must be a whole number of threads/],
    ['IR_IMPORT_BATCH_SIZE', '0', /must be a whole number of rows \(1-4000\)/],
    ['IR_IMPORT_BATCH_SIZE', '4001', /must be a whole number of rows \(1-4000\)/],
  ])('refuses %s=%s with one line', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} ${message.source}`),
    );
  });

  it("reads the member import's batch size, 2,000 unset", () => {
    expect(loadConfig({}).irImportBatch).toBe(2000);
    expect(loadConfig({ IR_IMPORT_BATCH_SIZE: '50' }).irImportBatch).toBe(50);
  });

  it('reads the number of SRP worker threads, 0 meaning none', () => {
    expect(loadConfig({ IDENTITY_SRP_THREADS: '2' }).identity.srpThreads).toBe(2);
    expect(loadConfig({ IDENTITY_SRP_THREADS: '0' }).identity.srpThreads).toBe(0);
  });

  it('reads the key-encryption key, and refuses one that is not 32 bytes in base64', () => {
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ IDENTITY_KEY_ENCRYPTION_KEY: key.toString('base64') }).identity.keyEncryptionKey).toEqual(key);
    expect(loadConfig({ IDENTITY_KEY_ENCRYPTION_KEY: key.toString('base64url') }).identity.keyEncryptionKey).toEqual(
      key,
    );
    for (const bad of ['short', Buffer.alloc(16).toString('base64'), `${key.toString('base64')}AAAA`]) {
      expect(() => loadConfig({ IDENTITY_KEY_ENCRYPTION_KEY: bad })).toThrow(
        /^Invalid configuration: IDENTITY_KEY_ENCRYPTION_KEY must be 32 random bytes in base64/,
      );
    }
  });

  it.each([
    ['IDENTITY_KEY_ENCRYPTION_KEY', 'hunter2-secret'],
    ['IDENTITY_ADMIN_SECRET_ACCESS_KEY', 'hunter2-secret'],
    ['SMTP_URL', 'smtp:/user:hunter2-secret@mail'],
    ['DATABASE_URL', 'mysql://user:hunter2-secret@db'],
  ])('does not repeat the value of %s, a secret, when refusing it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).not.toThrow(/hunter2/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});

describe('the documentation of the configuration', () => {
  const read = (file: string) => fs.readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

  it('finds the variables loadConfig reads', () => {
    expect(configVariables).toContain('PORT');
    expect(configVariables).toContain('RATE_LIMIT_WRITES_PER_USER');
  });

  it("names every variable in the README's configuration table, and no other", () => {
    const section = /## Configuration\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? '';
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    const documented = rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect([...documented].sort()).toEqual([...configVariables].sort());
  });

  it('lists every variable in .env.example, and no other', () => {
    const listed = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...configVariables].sort());
  });
});
