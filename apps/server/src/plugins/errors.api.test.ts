import { describe, expect, it } from 'vitest';
import { AppError, conflict } from '@staff-portal/shared/errors';
import { createTestApp } from '../test/app';

describe('error handling', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const { app } = await createTestApp();
    const response = await app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing.' });
  });

  it('maps an AppError to its status and stable body', async () => {
    const { app } = await createTestApp();
    app.get('/api/test/conflict', { config: { public: true } }, () => {
      throw conflict('Someone else decided this request first.');
    });
    app.get('/api/test/field', { config: { public: true } }, () => {
      throw new AppError('VALIDATION_ERROR', 'End date is before start date.', { field: 'endDate' });
    });
    expect((await app.inject('/api/test/conflict')).json()).toEqual({
      code: 'CONFLICT',
      message: 'Someone else decided this request first.',
    });
    const field = await app.inject('/api/test/field');
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'End date is before start date.',
      field: 'endDate',
    });
  });

  it('answers an unexpected error with a 500 that reveals no internals but quotes the request id', async () => {
    const { app } = await createTestApp();
    app.get('/api/test/crash', { config: { public: true } }, () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    const response = await app.inject('/api/test/crash');
    expect(response.statusCode).toBe(500);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(body.message).not.toContain('secret');
    expect(body.message).toContain(response.headers['x-request-id'] as string);
  });

  it('keeps a sane caller request id and replaces an unsafe one', async () => {
    const { app } = await createTestApp();
    const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-1234abcd' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234abcd');
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\nwith newline' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an unsupported content type with a clear 4xx', async () => {
    const { app, tokens } = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${await tokens.idToken({ sub: 'u1' })}`, 'content-type': 'application/xml' },
      payload: '<log/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
