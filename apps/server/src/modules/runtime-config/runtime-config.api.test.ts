import { describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '@staff-portal/shared/runtime-config';
import { createTestApp } from '../../test/app';

describe('GET /config.json', () => {
  it('tells the web app about the embedded identity service and the three API bases', async () => {
    const { app } = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.org' } });
    const response = await app.inject('/config.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = runtimeConfigSchema.parse(response.json());
    expect(body).toEqual({
      auth: {
        region: 'ap-southeast-1',
        userPoolId: 'ap-southeast-1_StaffPortal',
        userPoolClientId: 'staffportalweb',
        userPoolEndpoint: 'https://portal.example.org/identity',
        passwordExpiryMonths: 6,
      },
      api: { logApiUrl: '/api', leaveApiUrl: '/api', irApiUrl: '/api' },
      organisation: { department: 'UNION', timeZone: 'Asia/Kuala_Lumpur' },
    });
  });

  it('gives plain Cognito settings, without a custom endpoint, in Cognito mode', async () => {
    const { app } = await createTestApp({
      env: {
        IDENTITY_PROVIDER: 'cognito',
        AUTH_USER_POOL_ID: 'ap-southeast-1_Ab12Cd34E',
        AUTH_CLIENT_ID: '1example23456789abcdefghij',
        PASSWORD_EXPIRY_MONTHS: '3',
        SUPER_ADMIN_USER_ID: '0b7e1c52-3f4a-4d8e-9c11-2a6b5d4e3f21',
        LEAVE_API_URL: 'https://leave.example.org/v1',
      },
    });
    const body = runtimeConfigSchema.parse((await app.inject('/config.json')).json());
    expect(body.auth).toEqual({
      region: 'ap-southeast-1',
      userPoolId: 'ap-southeast-1_Ab12Cd34E',
      userPoolClientId: '1example23456789abcdefghij',
      passwordExpiryMonths: 3,
      superAdminUserId: '0b7e1c52-3f4a-4d8e-9c11-2a6b5d4e3f21',
    });
    expect(body.api.leaveApiUrl).toBe('https://leave.example.org/v1');
  });
});
