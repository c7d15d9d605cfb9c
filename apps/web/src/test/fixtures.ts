import type { RuntimeConfig } from '@staff-portal/shared/runtime-config';

/** A valid runtime config, as the embedded server serves it. */
export const testRuntimeConfig: RuntimeConfig = {
  auth: {
    region: 'ap-southeast-1',
    userPoolId: 'ap-southeast-1_StaffPortal',
    userPoolClientId: 'staffportalweb',
    userPoolEndpoint: 'http://localhost:3000/identity',
    passwordExpiryMonths: 6,
  },
  api: { logApiUrl: '/log-api', leaveApiUrl: '/leave-api', irApiUrl: '/ir-api' },
  organisation: { department: 'UNION', timeZone: 'Asia/Kuala_Lumpur' },
};

export const jsonResponse = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
