import { createHash, timingSafeEqual } from 'node:crypto';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';

/** The key pair the admin API accepts (protocol doc §6.2). */
export interface AdminCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** An incoming request, as Node received it. */
export interface SignedRequest {
  method: string;
  /** Path and query exactly as received (the raw request target), e.g. `/identity`. */
  path: string;
  /** Node's lower-cased incoming headers. */
  headers: Record<string, string | string[] | undefined>;
  /** The raw body exactly as received. */
  body: string;
}

export type SigV4Failure = {
  code:
    | 'MissingAuthenticationTokenException'
    | 'IncompleteSignatureException'
    | 'UnrecognizedClientException'
    | 'InvalidSignatureException';
  message: string;
};

export type SigV4Result = { ok: true } | ({ ok: false } & SigV4Failure);

export interface SigV4Options {
  region: string;
  /** The signing name in the credential scope; Cognito's is `cognito-idp`. */
  service?: string;
  now?: Date;
  /** How far the request time may be from `now` either way; AWS allows 5 minutes for most services. */
  maxSkewMs?: number;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const SCOPE_TERMINATOR = 'aws4_request';
const DEFAULT_SERVICE = 'cognito-idp';
const DEFAULT_MAX_SKEW_MS = 5 * 60 * 1000;

// The messages below are worded as AWS words them, because SDKs and people search for them.
const MISMATCH_MESSAGE =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';
const INVALID_TOKEN_MESSAGE = 'The security token included in the request is invalid.';

const fail = (code: SigV4Failure['code'], message: string): SigV4Result => ({ ok: false, code, message });
const incomplete = (message: string) => fail('IncompleteSignatureException', message);
const invalid = (message: string) => fail('InvalidSignatureException', message);

/**
 * Verifies an AWS Signature Version 4 `Authorization` header as the AWS SDK v3 produces it for
 * Cognito's JSON protocol. The expected signature comes from `@smithy/signature-v4` itself (the
 * signer the SDK uses), re-signing a copy of the request that holds only the headers the client
 * says it signed, at the client's own signing time; so whatever the SDK canonicalises, we
 * canonicalise identically.
 */
export async function verifySigV4(
  request: SignedRequest,
  credentials: AdminCredentials,
  options: SigV4Options,
): Promise<SigV4Result> {
  const service = options.service ?? DEFAULT_SERVICE;
  const now = options.now ?? new Date();
  const maxSkewMs = options.maxSkewMs ?? DEFAULT_MAX_SKEW_MS;

  const authorization = headerValue(request.headers, 'authorization');
  if (authorization === undefined || authorization.trim() === '') {
    return fail('MissingAuthenticationTokenException', 'Missing Authentication Token');
  }
  const parsed = parseAuthorization(authorization);
  if (!parsed.ok) return parsed;
  const { credential, signedHeaders, signature } = parsed;

  // The signer always signs `x-amz-date` and drops `date`, so a `Date`-only signature (legal in
  // SigV4, never produced by the SDK) could not be reproduced; it is refused up front.
  const amzDate = headerValue(request.headers, 'x-amz-date');
  if (amzDate === undefined) {
    return incomplete("Authorization header requires existence of a 'X-Amz-Date' header.");
  }
  const signingDate = parseAmzDate(amzDate);
  if (signingDate === undefined) {
    return incomplete(`X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd'T'HHmmss'Z'", got '${amzDate}'.`);
  }

  const scope = credential.split('/');
  const [accessKeyId, scopeDate, scopeRegion, scopeService, terminator] = scope;
  if (scope.length !== 5 || !accessKeyId || !scopeDate || !scopeRegion || !scopeService || !terminator) {
    return incomplete(
      `Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '${credential}'.`,
    );
  }
  if (accessKeyId !== credentials.accessKeyId) {
    return fail('UnrecognizedClientException', INVALID_TOKEN_MESSAGE);
  }
  // We issue only long-term keys; a session token means the caller holds credentials we never
  // issued, which AWS answers the same way.
  if (headerValue(request.headers, 'x-amz-security-token') !== undefined) {
    return fail('UnrecognizedClientException', INVALID_TOKEN_MESSAGE);
  }
  if (terminator !== SCOPE_TERMINATOR) {
    return invalid(`Credential should be scoped with a valid terminator: '${SCOPE_TERMINATOR}', not '${terminator}'.`);
  }
  if (scopeRegion !== options.region) {
    return invalid(`Credential should be scoped to a valid region, not '${scopeRegion}'.`);
  }
  if (scopeService !== service) {
    return invalid(`Credential should be scoped to correct service: '${service}'.`);
  }
  if (scopeDate !== amzDate.slice(0, 8)) {
    return invalid(
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${scopeDate}' != '${amzDate.slice(0, 8)}', from '${amzDate}'.`,
    );
  }

  const skewLabel = formatSkew(maxSkewMs);
  if (signingDate.getTime() < now.getTime() - maxSkewMs) {
    return invalid(
      `Signature expired: ${amzDate} is now earlier than ${toAmzDate(now.getTime() - maxSkewMs)} (${toAmzDate(now.getTime())} - ${skewLabel}.)`,
    );
  }
  if (signingDate.getTime() > now.getTime() + maxSkewMs) {
    return invalid(
      `Signature not yet current: ${amzDate} is still later than ${toAmzDate(now.getTime() + maxSkewMs)} (${toAmzDate(now.getTime())} + ${skewLabel}.)`,
    );
  }

  const names = signedHeaders.split(';');
  // Without `host` in the signature a request could be replayed against another host.
  if (!names.includes('host')) {
    return invalid("'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.");
  }

  // The signer takes a signed `x-amz-content-sha256` on trust as the payload hash, so the body
  // must be checked against it here or a changed body would pass.
  const contentSha256 = headerValue(request.headers, 'x-amz-content-sha256');
  if (contentSha256 !== undefined && contentSha256 !== sha256Hex(request.body)) {
    return invalid("The provided 'x-amz-content-sha256' header does not match what was computed.");
  }

  // Null prototypes: a header or query key named `__proto__` must stay an ordinary key.
  const headers = Object.create(null) as Record<string, string>;
  for (const name of names) {
    const value = headerValue(request.headers, name);
    if (value !== undefined) headers[name] = value;
  }

  const [rawPath = '/', rawQuery] = splitTarget(request.path);
  const query = parseQuery(rawQuery);
  if (query === undefined) return incomplete('The query string is not validly percent-encoded.');

  const signer = new SignatureV4({
    credentials,
    region: options.region,
    service,
    sha256: Hash.bind(null, 'sha256'),
    // Every service but S3 escapes the (already escaped) wire path once more; passing the path
    // as received reproduces what the SDK signed before sending that same path.
    uriEscapePath: true,
    // Otherwise the signer adds `x-amz-content-sha256` when the client did not sign it, changing
    // the canonical headers.
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: 'https:',
      hostname: headers.host ?? '',
      path: rawPath,
      query,
      headers,
      body: request.body,
    },
    {
      signingDate,
      // Proxy-*, sec-*, user-agent and the like are normally skipped; the client listed these,
      // so they count.
      signableHeaders: new Set(names),
    },
  );

  const expected = parseAuthorization(signed.headers.authorization ?? '');
  // A listed header the request lacks, or a list that is not sorted lower case, makes the
  // signer's list differ from the client's: the client cannot have signed what we verify.
  if (!expected.ok || expected.signedHeaders !== signedHeaders || !constantTimeEqual(expected.signature, signature)) {
    return invalid(MISMATCH_MESSAGE);
  }
  return { ok: true };
}

type ParsedAuthorization =
  { ok: true; credential: string; signedHeaders: string; signature: string } | ({ ok: false } & SigV4Failure);

function parseAuthorization(value: string): ParsedAuthorization {
  const trimmed = value.trim();
  const space = trimmed.search(/\s/);
  const algorithm = space === -1 ? trimmed : trimmed.slice(0, space);
  if (algorithm !== ALGORITHM) {
    return { ok: false, code: 'IncompleteSignatureException', message: `Unsupported AWS 'algorithm': '${algorithm}'.` };
  }
  const fields = new Map<string, string>();
  const rest = space === -1 ? '' : trimmed.slice(space + 1);
  for (const part of rest.split(',')) {
    const component = part.trim();
    if (component === '') continue;
    const equals = component.indexOf('=');
    if (equals === -1) {
      return {
        ok: false,
        code: 'IncompleteSignatureException',
        message: `Invalid key=value pair (missing equal-sign) in Authorization header: '${component}'.`,
      };
    }
    fields.set(component.slice(0, equals).trim(), component.slice(equals + 1).trim());
  }
  const missing = ['Credential', 'Signature', 'SignedHeaders'].filter((key) => !fields.get(key));
  if (missing.length > 0) {
    return {
      ok: false,
      code: 'IncompleteSignatureException',
      message: missing.map((key) => `Authorization header requires '${key}' parameter.`).join(' '),
    };
  }
  return {
    ok: true,
    credential: fields.get('Credential') ?? '',
    signedHeaders: fields.get('SignedHeaders') ?? '',
    signature: fields.get('Signature') ?? '',
  };
}

/** Node joins repeated headers itself except a few (set-cookie) it leaves as arrays. */
function headerValue(headers: SignedRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function parseAmzDate(value: string): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0, hour ?? 0, minute ?? 0, second ?? 0));
  // Date.UTC rolls 20240231 over into March; the round trip catches such impossible dates and
  // guarantees the signer writes back exactly the x-amz-date the client signed.
  return toAmzDate(date.getTime()) === value ? date : undefined;
}

function toAmzDate(time: number): string {
  return new Date(time)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function formatSkew(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} sec`;
}

function sha256Hex(body: string): string {
  return createHash('sha256').update(body, 'utf8').digest('hex');
}

function splitTarget(target: string): [string, string | undefined] {
  const question = target.indexOf('?');
  return question === -1 ? [target, undefined] : [target.slice(0, question), target.slice(question + 1)];
}

/**
 * The signer wants decoded values and encodes them itself, as the SDK's request object holds
 * them before sending. A key without `=` is what the SDK sends for a null value, which it leaves
 * out of the signature; null keeps it out here too.
 */
function parseQuery(raw: string | undefined): Record<string, string | string[] | null> | undefined {
  const query = Object.create(null) as Record<string, string | string[] | null>;
  if (raw === undefined || raw === '') return query;
  try {
    for (const pair of raw.split('&')) {
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const key = decodeURIComponent(equals === -1 ? pair : pair.slice(0, equals));
      const value = equals === -1 ? null : decodeURIComponent(pair.slice(equals + 1));
      const existing = query[key];
      if (value === null) {
        query[key] = existing ?? null;
      } else if (existing === undefined || existing === null) {
        query[key] = value;
      } else {
        query[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
      }
    }
  } catch {
    return undefined;
  }
  return query;
}

function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  // Lengths are public (a SigV4 signature is always 64 hex digits); only the contents must not
  // leak through timing.
  return left.length === right.length && timingSafeEqual(left, right);
}
