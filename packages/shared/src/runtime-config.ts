import { z } from 'zod';

/**
 * What `GET /config.json` serves to the web app, so that one web build serves every
 * deployment (embedded identity or Cognito; one server or three backends).
 */
export const runtimeConfigSchema = z.object({
  auth: z.object({
    region: z.string(),
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** Set in embedded mode: the URL every Cognito user-pool call is POSTed to. */
    userPoolEndpoint: z.string().optional(),
    passwordExpiryMonths: z.number().int().positive(),
    /** The fixed super-admin user id of docs/product/specification.md §6 (`SUPER_ADMIN_USER_ID`), when configured. */
    superAdminUserId: z.string().optional(),
  }),
  /** Base addresses of the three backends of docs/product/specification.md §7; by default all this server's `/api`. */
  api: z.object({
    logApiUrl: z.string(),
    leaveApiUrl: z.string(),
    irApiUrl: z.string(),
  }),
  organisation: z.object({
    department: z.string(),
    timeZone: z.string(),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
