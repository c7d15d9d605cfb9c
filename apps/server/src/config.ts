import path from 'node:path';
import { z } from 'zod';
import { passwordPolicyMessage } from '@staff-portal/shared/password-policy';
import { DEFAULT_AUTH_REGION, DEFAULT_PASSWORD_EXPIRY_MONTHS, DEFAULT_TIME_ZONE } from '@staff-portal/shared/constants';

/** Cognito's pool id shape, `<region>_<alnum>`, as Cognito's token issuer and Amplify's SRP need it. */
const USER_POOL_ID = /^[a-z]{2}-(gov-)?[a-z]+-\d_[a-zA-Z0-9]+$/;

/** An identity user id (`sub`): Cognito's and the embedded service's are both UUIDs. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const urlOrPath = z
  .string()
  .trim()
  .refine((v) => v.startsWith('/') || URL.canParse(v), 'must be an absolute URL or a path starting with /')
  .transform((v) => v.replace(/\/+$/, '') || '/');

/** A whole number of requests per window, for the rate limits. */
const requestsPerWindow = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of requests (1-1000000)' })
    .int('must be a whole number of requests (1-1000000)')
    .min(1, 'must be a whole number of requests (1-1000000)')
    .max(1_000_000, 'must be a whole number of requests (1-1000000)')
    .default(fallback);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number (0-65535)' })
    .int()
    .min(0)
    .max(65535, 'must be a port number (0-65535)')
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  IDENTITY_PROVIDER: z.enum(['embedded', 'cognito']).default('embedded'),
  AUTH_REGION: z
    .string()
    .trim()
    .regex(/^[a-z]{2}-(gov-)?[a-z]+-\d$/, 'must be an AWS region such as ap-southeast-1')
    .default(DEFAULT_AUTH_REGION),
  AUTH_USER_POOL_ID: z.string().trim().regex(USER_POOL_ID, 'must look like ap-southeast-1_AbC123').optional(),
  AUTH_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  AUTH_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^[\w+]+$/, 'must be an app client id (letters and digits)')
    .optional(),
  PASSWORD_EXPIRY_MONTHS: z.coerce
    .number({ error: 'must be a whole number of months (1-120)' })
    .int('must be a whole number of months (1-120)')
    .min(1, 'must be a whole number of months (1-120)')
    .max(120, 'must be a whole number of months (1-120)')
    .default(DEFAULT_PASSWORD_EXPIRY_MONTHS),
  SUPER_ADMIN_USER_ID: z
    .string()
    .trim()
    .regex(USER_ID, "must be a user's id (the identity sub, a UUID)")
    // Subs are lower case in tokens; an id copied from a console in capitals still matches.
    .transform((v) => v.toLowerCase())
    .optional(),
  LOG_API_URL: urlOrPath.default('/api'),
  LEAVE_API_URL: urlOrPath.default('/api'),
  IR_API_URL: urlOrPath.default('/api'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  ORG_DEPARTMENT: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{1,31}$/, 'must be a group name (letters, digits, _)')
    .default('UNION'),
  ORG_TIME_ZONE: z
    .string()
    .trim()
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Kuala_Lumpur')
    .default(DEFAULT_TIME_ZONE),
  IDENTITY_ADMIN_ACCESS_KEY_ID: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{16,128}$/, 'must be 16+ upper-case letters and digits')
    .optional(),
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  IDENTITY_KEY_ENCRYPTION_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9+/_-]{43}=?$/.test(v) && Buffer.from(v, 'base64url').length === 32,
      'must be 32 random bytes in base64 (e.g. openssl rand -base64 32)',
    )
    .transform((v) => Buffer.from(v, 'base64url'))
    .optional(),
  DEMO_PASSWORD: z.string().optional(),
  IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: z.enum(['ENABLED', 'LEGACY']).default('ENABLED'),
  IDENTITY_SRP_THREADS: z.coerce
    .number({ error: 'must be a whole number of threads (0-64)' })
    .int('must be a whole number of threads (0-64)')
    .min(0, 'must be a whole number of threads (0-64)')
    .max(64, 'must be a whole number of threads (0-64)')
    .optional(),
  SMTP_URL: z
    .string()
    .trim()
    .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('Staff Portal <no-reply@staffportal.example>'),
  LOG_IDENTITY_MESSAGES: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds (1-3600)' })
    .int('must be a whole number of seconds (1-3600)')
    .min(1, 'must be a whole number of seconds (1-3600)')
    .max(3600, 'must be a whole number of seconds (1-3600)')
    .default(60),
  RATE_LIMIT_IDENTITY_PER_CLIENT: requestsPerWindow(300),
  RATE_LIMIT_IDENTITY_PER_ACCOUNT: requestsPerWindow(20),
  RATE_LIMIT_EXPORTS_PER_USER: requestsPerWindow(10),
  RATE_LIMIT_WRITES_PER_USER: requestsPerWindow(120),
  IR_IMPORT_BATCH_SIZE: z.coerce
    .number({ error: 'must be a whole number of rows (1-4000)' })
    .int('must be a whole number of rows (1-4000)')
    .min(1, 'must be a whole number of rows (1-4000)')
    .max(4000, 'must be a whole number of rows (1-4000)')
    .default(2000),
  METRICS_TOKEN: z
    .string()
    .trim()
    .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces (e.g. openssl rand -hex 32)')
    .optional(),
});

/** The names of the variables `loadConfig` reads: the README's table and `.env.example` list each. */
export const configVariables = Object.keys(envSchema.shape);

/** Fixed identifiers of the embedded identity service's single pool and web client. */
export const EMBEDDED_POOL_SUFFIX = 'StaffPortal';
export const EMBEDDED_CLIENT_ID = 'staffportalweb';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  identity: {
    provider: 'embedded' | 'cognito';
    region: string;
    userPoolId: string;
    clientId: string;
    /**
     * The identity provider's endpoint: its tokens' issuer is this plus the pool id, and its API
     * answers here. Amazon's for the region, `AUTH_ENDPOINT`, or the embedded service's.
     */
    endpoint: string;
    /** Where the web app sends Cognito calls: unset for Amazon's own endpoint (Amplify knows it). */
    userPoolEndpoint: string | undefined;
    /** Cognito's PreventUserExistenceErrors: ENABLED answers unknown users like wrong passwords. */
    preventUserExistenceErrors: boolean;
    /** The key pair admin calls are signed with; generated and kept in DATA_DIR when unset. */
    adminCredentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    /** Seals the identity service's private keys at rest; generated and kept in DATA_DIR when unset. */
    keyEncryptionKey: Buffer | undefined;
    /**
     * For development and the browser tests only: write each e-mail and SMS (codes, temporary
     * passwords) to the log at info level. Off, no secret of a message reaches the log.
     */
    logMessages: boolean;
    /** Worker threads for sign-ins' SRP arithmetic (0: on the event loop); unset, one per spare core. */
    srpThreads: number | undefined;
  };
  /** The demo accounts' password; generated and printed at the first start when unset. */
  demoPassword: string | undefined;
  /** Outgoing e-mail; without SMTP_URL messages stay in the outbox table. */
  mail: { smtpUrl: string | undefined; from: string };
  passwordExpiryMonths: number;
  /** The fixed super-admin user of docs/product/specification.md §6: passes every group check. */
  superAdminUserId: string | undefined;
  api: { logApiUrl: string; leaveApiUrl: string; irApiUrl: string };
  seed: 'demo' | 'none';
  logLevel: string;
  organisation: { department: string; timeZone: string };
  trustProxy: boolean;
  /** Requests allowed per window (plugins/rate-limit.ts); counted in the database, across servers. */
  rateLimits: RateLimits;
  /** The bearer token `/metrics` answers to (decision record 0050); unset, there is no `/metrics`. */
  metricsToken: string | undefined;
  /** Members a member import writes per statement, each batch followed by a progress line (decision record 0076). */
  irImportBatch: number;
}

export interface RateLimits {
  windowSeconds: number;
  /** Identity endpoint calls per client address (the forwarded one with TRUST_PROXY). */
  identityPerClient: number;
  /** Identity endpoint calls naming one username (InitiateAuth, ForgotPassword, ...). */
  identityPerAccount: number;
  /** Report downloads (.xlsx, .csv) per signed-in user. */
  exportsPerUser: number;
  /** POST, PUT, PATCH and DELETE under /api per signed-in user. */
  writesPerUser: number;
}

export class ConfigError extends Error {}

/** Variables whose values are secrets: a complaint about one never repeats its value. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'IDENTITY_ADMIN_SECRET_ACCESS_KEY',
  'IDENTITY_KEY_ENCRYPTION_KEY',
  'DEMO_PASSWORD',
  'SMTP_URL',
  'METRICS_TOKEN',
]);

/**
 * Reads the configuration once, at start. Any bad value throws a ConfigError whose message is
 * one line naming the variable, which `server.ts` prints before it exits.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty variables count as unset, as they do in most shells' `VAR= cmd` idiom.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${got === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got "${got}")`}`,
    );
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;

  let userPoolId: string;
  let clientId: string;
  if (e.IDENTITY_PROVIDER === 'cognito') {
    if (!e.AUTH_USER_POOL_ID)
      throw new ConfigError('Invalid configuration: AUTH_USER_POOL_ID is required when IDENTITY_PROVIDER=cognito');
    if (!e.AUTH_CLIENT_ID)
      throw new ConfigError('Invalid configuration: AUTH_CLIENT_ID is required when IDENTITY_PROVIDER=cognito');
    userPoolId = e.AUTH_USER_POOL_ID;
    clientId = e.AUTH_CLIENT_ID;
  } else {
    if (e.AUTH_ENDPOINT)
      throw new ConfigError(
        'Invalid configuration: AUTH_ENDPOINT is for IDENTITY_PROVIDER=cognito (the embedded service answers at PUBLIC_URL/identity)',
      );
    userPoolId = e.AUTH_USER_POOL_ID ?? `${e.AUTH_REGION}_${EMBEDDED_POOL_SUFFIX}`;
    clientId = e.AUTH_CLIENT_ID ?? EMBEDDED_CLIENT_ID;
  }
  if (Boolean(e.IDENTITY_ADMIN_ACCESS_KEY_ID) !== Boolean(e.IDENTITY_ADMIN_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: IDENTITY_ADMIN_ACCESS_KEY_ID and IDENTITY_ADMIN_SECRET_ACCESS_KEY must be set together',
    );
  }
  if (e.DEMO_PASSWORD !== undefined) {
    const problem = passwordPolicyMessage(e.DEMO_PASSWORD);
    if (problem)
      throw new ConfigError(
        `Invalid configuration: DEMO_PASSWORD does not meet the password policy (${problem.replace(/^.*: /, '')})`,
      );
  }
  if (!userPoolId.startsWith(`${e.AUTH_REGION}_`)) {
    throw new ConfigError(`Invalid configuration: AUTH_USER_POOL_ID must start with AUTH_REGION (${e.AUTH_REGION}_)`);
  }

  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    identity: {
      provider: e.IDENTITY_PROVIDER,
      region: e.AUTH_REGION,
      userPoolId,
      clientId,
      endpoint:
        e.IDENTITY_PROVIDER === 'embedded'
          ? `${publicUrl}/identity`
          : (e.AUTH_ENDPOINT ?? `https://cognito-idp.${e.AUTH_REGION}.amazonaws.com`),
      userPoolEndpoint: e.IDENTITY_PROVIDER === 'embedded' ? `${publicUrl}/identity` : e.AUTH_ENDPOINT,
      preventUserExistenceErrors: e.IDENTITY_PREVENT_USER_EXISTENCE_ERRORS === 'ENABLED',
      adminCredentials:
        e.IDENTITY_ADMIN_ACCESS_KEY_ID && e.IDENTITY_ADMIN_SECRET_ACCESS_KEY
          ? { accessKeyId: e.IDENTITY_ADMIN_ACCESS_KEY_ID, secretAccessKey: e.IDENTITY_ADMIN_SECRET_ACCESS_KEY }
          : undefined,
      keyEncryptionKey: e.IDENTITY_KEY_ENCRYPTION_KEY,
      logMessages: e.LOG_IDENTITY_MESSAGES,
      srpThreads: e.IDENTITY_SRP_THREADS,
    },
    demoPassword: e.DEMO_PASSWORD,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    passwordExpiryMonths: e.PASSWORD_EXPIRY_MONTHS,
    superAdminUserId: e.SUPER_ADMIN_USER_ID,
    api: { logApiUrl: e.LOG_API_URL, leaveApiUrl: e.LEAVE_API_URL, irApiUrl: e.IR_API_URL },
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    organisation: { department: e.ORG_DEPARTMENT, timeZone: e.ORG_TIME_ZONE },
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      identityPerClient: e.RATE_LIMIT_IDENTITY_PER_CLIENT,
      identityPerAccount: e.RATE_LIMIT_IDENTITY_PER_ACCOUNT,
      exportsPerUser: e.RATE_LIMIT_EXPORTS_PER_USER,
      writesPerUser: e.RATE_LIMIT_WRITES_PER_USER,
    },
    metricsToken: e.METRICS_TOKEN,
    irImportBatch: e.IR_IMPORT_BATCH_SIZE,
  };
}

/** For entry points: the configuration, or its one-line complaint on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
