import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runtimeConfigSchema, type RuntimeConfig } from '@staff-portal/shared/runtime-config';
import type { Config } from '../../config';

export function runtimeConfigOf(config: Config): RuntimeConfig {
  const { identity } = config;
  return {
    auth: {
      region: identity.region,
      userPoolId: identity.userPoolId,
      userPoolClientId: identity.clientId,
      ...(identity.userPoolEndpoint ? { userPoolEndpoint: identity.userPoolEndpoint } : {}),
      passwordExpiryMonths: config.passwordExpiryMonths,
      ...(config.superAdminUserId ? { superAdminUserId: config.superAdminUserId } : {}),
    },
    api: config.api,
    organisation: config.organisation,
  };
}

/** `GET /config.json`: what the one web build needs to know about this deployment. */
export const runtimeConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body = runtimeConfigOf(config);
  app.get(
    '/config.json',
    {
      schema: {
        tags: ['config'],
        summary: 'Runtime configuration of the web app',
        response: { 200: runtimeConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return body;
    },
  );
};
