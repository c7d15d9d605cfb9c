// The server as `npm start` builds it, except that it trusts the benchmark's own token key
// (passed as a JWKS in BENCH_JWKS) in place of an identity service; started by run.ts.
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { buildApp } from '@staff-portal/server/app';
import { createJwksTokenVerifier } from '@staff-portal/server/auth/token-verifier';
import { loadConfig } from '@staff-portal/server/config';

const config = loadConfig();
const jwks = JSON.parse(process.env.BENCH_JWKS ?? '') as JSONWebKeySet;
const app = await buildApp(config, {
  tokenVerifier: createJwksTokenVerifier({
    issuer: `${config.publicUrl}/identity/${config.identity.userPoolId}`,
    clientId: config.identity.clientId,
    keys: createLocalJWKSet(jwks),
  }),
  logger: false,
});
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.('ready');
