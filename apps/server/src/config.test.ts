import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
      userPoolEndpoint: 'http://localhost:3000/identity',
      preventUserExistenceErrors: true,
      adminCredentials: undefined,
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
      userPoolEndpoint: undefined,
      preventUserExistenceErrors: true,
      adminCredentials: undefined,
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

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });
});
