import { createHash } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifySigV4, type SignedRequest, type SigV4Options, type SigV4Result } from './sigv4';

const REGION = 'ap-southeast-1';
const KEYS = { accessKeyId: 'AKIASTAFFPORTALTEST1', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const POOL = 'ap-southeast-1_Ab12Cd34E';
const MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

interface Exchange {
  request: SignedRequest;
  result: SigV4Result;
}

// What the identity server would do: verify, then answer Cognito-style (protocol doc §1.3).
let exchanges: Exchange[] = [];
let verifyOptions: SigV4Options = { region: REGION };

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const answer = (res: ServerResponse, result: SigV4Result) => {
  res.setHeader('content-type', 'application/x-amz-json-1.1');
  if (result.ok) {
    res.writeHead(200).end('{}');
    return;
  }
  res.setHeader('x-amzn-errortype', `${result.code}:`);
  res.writeHead(400).end(JSON.stringify({ __type: result.code, message: result.message }));
};

const identityServer = createServer((req, res) => {
  void (async () => {
    const request: SignedRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: await readBody(req),
    };
    const result = await verifySigV4(request, KEYS, verifyOptions);
    exchanges.push({ request, result });
    answer(res, result);
  })();
});

// A reverse proxy in front of the identity server. `keepHost` is what a correctly configured
// proxy does (nginx `proxy_set_header Host $host`); without it the signed Host no longer matches.
const createProxy = (keepHost: boolean) =>
  createServer((req, res) => {
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: portOf(identityServer),
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          host: keepHost ? req.headers.host : `127.0.0.1:${portOf(identityServer)}`,
          'x-forwarded-for': '203.0.113.7',
          'x-forwarded-proto': 'https',
          via: '1.1 proxy',
          connection: 'close',
        },
      },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    req.pipe(upstream);
  });
const hostKeepingProxy = createProxy(true);
const hostRewritingProxy = createProxy(false);

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const urlOf = (server: Server) => `http://127.0.0.1:${portOf(server)}/identity`;
const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

beforeAll(async () => {
  await Promise.all([listen(identityServer), listen(hostKeepingProxy), listen(hostRewritingProxy)]);
});
afterAll(async () => {
  await Promise.all([close(identityServer), close(hostKeepingProxy), close(hostRewritingProxy)]);
});

const clients: CognitoIdentityProviderClient[] = [];
const client = (
  overrides: { region?: string; endpoint?: string; secretAccessKey?: string; accessKeyId?: string } = {},
) => {
  const created = new CognitoIdentityProviderClient({
    region: overrides.region ?? REGION,
    endpoint: overrides.endpoint ?? urlOf(identityServer),
    credentials: {
      accessKeyId: overrides.accessKeyId ?? KEYS.accessKeyId,
      secretAccessKey: overrides.secretAccessKey ?? KEYS.secretAccessKey,
    },
    // InvalidSignatureException counts as a clock-skew error and would be retried.
    maxAttempts: 1,
  });
  clients.push(created);
  return created;
};

beforeEach(() => {
  exchanges = [];
  verifyOptions = { region: REGION };
});
afterEach(() => {
  for (const created of clients.splice(0)) created.destroy();
});

const lastRequest = (): SignedRequest => {
  const last = exchanges.at(-1);
  if (!last) throw new Error('the server saw no request');
  return last.request;
};

/** A request the real SDK signed with the right keys, as the server received it. */
const captureSigned = async (): Promise<SignedRequest> => {
  await client().send(new AdminGetUserCommand({ UserPoolId: POOL, Username: 'alice' }));
  return lastRequest();
};

const withHeaders = (request: SignedRequest, patch: Record<string, string | undefined>): SignedRequest => ({
  ...request,
  headers: { ...request.headers, ...patch },
});

const authorizationOf = (request: SignedRequest) => String(request.headers.authorization);
const sha256Hex = (body: string) => createHash('sha256').update(body).digest('hex');

/** Sends a captured request again, byte for byte apart from what the test changes. */
const replay = (request: SignedRequest) =>
  new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port: portOf(identityServer),
        method: request.method,
        path: request.path,
        headers: { ...request.headers, connection: 'close' },
      },
      (res) => {
        void readBody(res).then((text) => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      },
    );
    sent.on('error', reject);
    sent.end(request.body);
  });

describe('verifySigV4 with the real AWS SDK v3 Cognito client', () => {
  it('accepts AdminGetUser and ListUsers signed with the configured key pair', async () => {
    const sdk = client();
    await expect(sdk.send(new AdminGetUserCommand({ UserPoolId: POOL, Username: 'alice' }))).resolves.toBeDefined();
    await expect(
      sdk.send(new ListUsersCommand({ UserPoolId: POOL, Filter: 'email ^= "al"', Limit: 60 })),
    ).resolves.toBeDefined();

    expect(exchanges.map((exchange) => exchange.result)).toEqual([{ ok: true }, { ok: true }]);
    const request = lastRequest();
    expect(request.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.ListUsers');
    expect(request.headers.host).toBe(`127.0.0.1:${portOf(identityServer)}`);
    expect(authorizationOf(request)).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${KEYS.accessKeyId}/\\d{8}/${REGION}/cognito-idp/aws4_request, SignedHeaders=[a-z0-9;-]*\\bhost\\b[a-z0-9;-]*, Signature=[0-9a-f]{64}$`,
      ),
    );
  });

  it('refuses a wrong secret with InvalidSignatureException', async () => {
    await expect(
      client({ secretAccessKey: 'not-the-secret' }).send(
        new AdminGetUserCommand({ UserPoolId: POOL, Username: 'alice' }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidSignatureException', message: MISMATCH });
  });

  it('refuses an unknown access key id with UnrecognizedClientException', async () => {
    await expect(
      client({ accessKeyId: 'AKIAUNKNOWNKEY000000' }).send(new ListUsersCommand({ UserPoolId: POOL })),
    ).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    });
  });

  it('refuses a client configured for another region', async () => {
    await expect(
      client({ region: 'us-east-1' }).send(new AdminGetUserCommand({ UserPoolId: POOL, Username: 'alice' })),
    ).rejects.toMatchObject({
      name: 'InvalidSignatureException',
      message: "Credential should be scoped to a valid region, not 'us-east-1'.",
    });
  });

  it('refuses an unsigned request with MissingAuthenticationTokenException', async () => {
    const response = await fetch(urlOf(identityServer), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminGetUser',
      },
      body: JSON.stringify({ UserPoolId: POOL, Username: 'alice' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException:');
    expect(await response.json()).toEqual({
      __type: 'MissingAuthenticationTokenException',
      message: 'Missing Authentication Token',
    });
  });

  it('accepts the request through a reverse proxy that keeps Host, and not through one that rewrites it', async () => {
    await expect(
      client({ endpoint: urlOf(hostKeepingProxy) }).send(
        new AdminGetUserCommand({ UserPoolId: POOL, Username: 'bob' }),
      ),
    ).resolves.toBeDefined();
    const proxied = lastRequest();
    expect(proxied.headers.host).toBe(`127.0.0.1:${portOf(hostKeepingProxy)}`);
    expect(proxied.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(exchanges.at(-1)?.result).toEqual({ ok: true });

    await expect(
      client({ endpoint: urlOf(hostRewritingProxy) }).send(
        new AdminGetUserCommand({ UserPoolId: POOL, Username: 'bob' }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidSignatureException', message: MISMATCH });
  });

  it('refuses a captured request replayed with a changed body', async () => {
    const captured = await captureSigned();
    const tampered = { ...captured, body: captured.body.replace('"alice"', '"mally"') };
    expect(tampered.body).not.toBe(captured.body);
    expect(tampered.body).toHaveLength(captured.body.length);

    // Over the wire, as an attacker would: the signed x-amz-content-sha256 gives it away first.
    const replayed = await replay(tampered);
    expect(replayed).toEqual({
      status: 400,
      body: {
        __type: 'InvalidSignatureException',
        message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
      },
    });

    // With the content hash forged to fit, the signature itself no longer matches.
    await expect(
      verifySigV4(withHeaders(tampered, { 'x-amz-content-sha256': sha256Hex(tampered.body) }), KEYS, {
        region: REGION,
      }),
    ).resolves.toEqual({ ok: false, code: 'InvalidSignatureException', message: MISMATCH });

    // The untouched capture still verifies when replayed, so the failures above are the tampering.
    expect((await replay(captured)).status).toBe(200);
  });

  it('refuses a captured request replayed outside the clock-skew window', async () => {
    const captured = await captureSigned();
    const amzDate = String(captured.headers['x-amz-date']);
    const signedAt = Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13)}`,
    );

    const later = await verifySigV4(captured, KEYS, { region: REGION, now: new Date(signedAt + 10 * 60_000) });
    expect(later).toMatchObject({ ok: false, code: 'InvalidSignatureException' });
    expect(later.ok ? '' : later.message).toMatch(
      new RegExp(`^Signature expired: ${amzDate} is now earlier than \\d{8}T\\d{6}Z \\(\\d{8}T\\d{6}Z - 5 min\\.\\)$`),
    );

    const earlier = await verifySigV4(captured, KEYS, { region: REGION, now: new Date(signedAt - 10 * 60_000) });
    expect(earlier.ok ? '' : earlier.message).toMatch(/^Signature not yet current: \d{8}T\d{6}Z is still later than /);

    // Within the window either way it is fine, and the window is configurable.
    await expect(
      verifySigV4(captured, KEYS, { region: REGION, now: new Date(signedAt + 4 * 60_000) }),
    ).resolves.toEqual({ ok: true });
    await expect(
      verifySigV4(captured, KEYS, { region: REGION, now: new Date(signedAt + 10 * 60_000), maxSkewMs: 15 * 60_000 }),
    ).resolves.toEqual({ ok: true });

    // And through the server: a clock 10 minutes ahead turns the replay away.
    verifyOptions = { region: REGION, now: new Date(signedAt + 10 * 60_000) };
    expect(await replay(captured)).toMatchObject({ status: 400, body: { __type: 'InvalidSignatureException' } });
  });
});

describe('verifySigV4 on malformed or altered requests', () => {
  let captured: SignedRequest;
  beforeEach(async () => {
    captured = await captureSigned();
  });
  const verify = (request: SignedRequest, options: Partial<SigV4Options> = {}) =>
    verifySigV4(request, KEYS, { region: REGION, ...options });
  const replaceInAuthorization = (from: string | RegExp, to: string) =>
    withHeaders(captured, { authorization: authorizationOf(captured).replace(from, to) });

  it('names the missing Authorization parts', async () => {
    await expect(verify(withHeaders(captured, { authorization: 'Bearer abc' }))).resolves.toEqual({
      ok: false,
      code: 'IncompleteSignatureException',
      message: "Unsupported AWS 'algorithm': 'Bearer'.",
    });
    await expect(verify(replaceInAuthorization(/, Signature=[0-9a-f]+$/, ''))).resolves.toEqual({
      ok: false,
      code: 'IncompleteSignatureException',
      message: "Authorization header requires 'Signature' parameter.",
    });
    await expect(verify(withHeaders(captured, { authorization: 'AWS4-HMAC-SHA256 oops' }))).resolves.toMatchObject({
      ok: false,
      code: 'IncompleteSignatureException',
      message: "Invalid key=value pair (missing equal-sign) in Authorization header: 'oops'.",
    });
    await expect(verify(replaceInAuthorization('/aws4_request', ''))).resolves.toMatchObject({
      code: 'IncompleteSignatureException',
      message: expect.stringMatching(/^Credential must have exactly 5 slash-delimited elements/) as unknown,
    });
    await expect(verify(withHeaders(captured, { authorization: '  ' }))).resolves.toMatchObject({
      code: 'MissingAuthenticationTokenException',
    });
  });

  it('requires a well-formed x-amz-date matching the credential scope', async () => {
    await expect(verify(withHeaders(captured, { 'x-amz-date': undefined }))).resolves.toMatchObject({
      code: 'IncompleteSignatureException',
    });
    await expect(verify(withHeaders(captured, { 'x-amz-date': '20240231T120000Z' }))).resolves.toMatchObject({
      code: 'IncompleteSignatureException',
    });
    const nextDay = await verify(withHeaders(captured, { 'x-amz-date': '20991231T120000Z' }), {
      now: new Date('2099-12-31T12:00:00Z'),
    });
    expect(nextDay).toMatchObject({ code: 'InvalidSignatureException' });
    expect(nextDay.ok ? '' : nextDay.message).toMatch(/^Date in Credential scope does not match YYYYMMDD/);
  });

  it('checks the scope’s service and terminator', async () => {
    await expect(verify(captured, { service: 'execute-api' })).resolves.toEqual({
      ok: false,
      code: 'InvalidSignatureException',
      message: "Credential should be scoped to correct service: 'execute-api'.",
    });
    await expect(verify(replaceInAuthorization('/aws4_request', '/aws5_request'))).resolves.toMatchObject({
      code: 'InvalidSignatureException',
    });
  });

  it('refuses session tokens, which this service never issues', async () => {
    await expect(verify(withHeaders(captured, { 'x-amz-security-token': 'token' }))).resolves.toMatchObject({
      code: 'UnrecognizedClientException',
    });
  });

  it('refuses signatures that do not cover what was received', async () => {
    const mismatch = { ok: false, code: 'InvalidSignatureException', message: MISMATCH };
    await expect(verify({ ...captured, path: '/other' })).resolves.toEqual(mismatch);
    await expect(verify({ ...captured, method: 'PUT' })).resolves.toEqual(mismatch);
    await expect(
      verify(withHeaders(captured, { 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDeleteUser' })),
    ).resolves.toEqual(mismatch);
    // A signed header that is missing from the request.
    await expect(verify(withHeaders(captured, { 'amz-sdk-request': undefined }))).resolves.toEqual(mismatch);
    // Reordering the list changes what the client claims to have signed.
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorizationOf(captured))?.[1] ?? '';
    const reversed = signedHeaders.split(';').reverse().join(';');
    await expect(verify(replaceInAuthorization(signedHeaders, reversed))).resolves.toEqual(mismatch);
    await expect(verify(replaceInAuthorization(/Signature=[0-9a-f]+/, 'Signature=abc'))).resolves.toEqual(mismatch);
    // Unsigned headers may change freely (a proxy adds its own).
    await expect(
      verify(withHeaders(captured, { 'user-agent': 'changed', 'x-forwarded-for': '1.2.3.4' })),
    ).resolves.toEqual({ ok: true });
  });

  it('requires host to be signed', async () => {
    await expect(verify(replaceInAuthorization(';host;', ';'))).resolves.toEqual({
      ok: false,
      code: 'InvalidSignatureException',
      message: "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.",
    });
  });
});

describe('verifySigV4 on paths and queries', () => {
  // The SDK's Cognito client never sends a query, and other SigV4 clients (botocore, for one)
  // leave x-amz-content-sha256 out for every service but S3; sign such requests directly with
  // the same signer and present them as the SDK's HTTP handler writes them on the wire.
  const signDirectly = (applyChecksum: boolean) =>
    new SignatureV4({
      credentials: KEYS,
      region: REGION,
      service: 'cognito-idp',
      sha256: Hash.bind(null, 'sha256'),
      uriEscapePath: true,
      applyChecksum,
    }).sign({
      method: 'POST',
      protocol: 'http:',
      hostname: 'idp.example.com',
      path: '/identity/a%20b',
      query: { b: '2', a: ['x y', '1'], flag: null },
      headers: { host: 'idp.example.com', 'content-type': 'application/x-amz-json-1.1' },
      body: '{"a":"ü"}',
    });
  const asReceived = (signed: Awaited<ReturnType<typeof signDirectly>>): SignedRequest => ({
    method: 'POST',
    path: '/identity/a%20b?b=2&a=x%20y&a=1&flag',
    headers: Object.fromEntries(Object.entries(signed.headers).map(([name, value]) => [name.toLowerCase(), value])),
    body: '{"a":"ü"}',
  });

  it('verifies an escaped path and a query as they arrive on the wire', async () => {
    const request = asReceived(await signDirectly(true));
    expect(authorizationOf(request)).toContain('x-amz-content-sha256');
    await expect(verifySigV4(request, KEYS, { region: REGION })).resolves.toEqual({ ok: true });
    await expect(
      verifySigV4({ ...request, path: '/identity/a%20b?b=3&a=x%20y&a=1' }, KEYS, { region: REGION }),
    ).resolves.toMatchObject({ code: 'InvalidSignatureException' });
    await expect(
      verifySigV4({ ...request, path: '/identity/a%20b?b=%E0' }, KEYS, { region: REGION }),
    ).resolves.toMatchObject({ code: 'IncompleteSignatureException' });
  });

  it('verifies a request that does not sign x-amz-content-sha256, hashing the body itself', async () => {
    const request = asReceived(await signDirectly(false));
    expect(request.headers['x-amz-content-sha256']).toBeUndefined();
    await expect(verifySigV4(request, KEYS, { region: REGION })).resolves.toEqual({ ok: true });
    // Present but unsigned (added on the way), it must still match the body.
    const withHash = withHeaders(request, { 'x-amz-content-sha256': sha256Hex(request.body) });
    await expect(verifySigV4(withHash, KEYS, { region: REGION })).resolves.toEqual({ ok: true });
    await expect(verifySigV4({ ...request, body: '{"a":"u"}' }, KEYS, { region: REGION })).resolves.toEqual({
      ok: false,
      code: 'InvalidSignatureException',
      message: MISMATCH,
    });
  });
});
