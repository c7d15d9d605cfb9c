import { describe, expect, it } from 'vitest';
import { AppError, conflict, forbidden, notFound, passwordExpired, unauthenticated, validationError } from './errors';

describe('AppError', () => {
  it.each([
    [
      validationError('Bad date', 'startDate'),
      400,
      { code: 'VALIDATION_ERROR', message: 'Bad date', field: 'startDate' },
    ],
    [unauthenticated(), 401, { code: 'UNAUTHENTICATED', message: 'User needs to be authenticated to call this API.' }],
    [forbidden(), 403, { code: 'FORBIDDEN', message: 'You do not have permission to do this.' }],
    [
      new AppError('PASSWORD_EXPIRED', 'Password expired'),
      403,
      { code: 'PASSWORD_EXPIRED', message: 'Password expired' },
    ],
    [
      passwordExpired(),
      403,
      {
        code: 'PASSWORD_EXPIRED',
        message: 'Your password has expired. Change your password to continue using the portal.',
      },
    ],
    [notFound(), 404, { code: 'NOT_FOUND', message: 'Not found.' }],
    [conflict('Taken'), 409, { code: 'CONFLICT', message: 'Taken' }],
  ])('%s has its status and stable body', (error, status, body) => {
    expect(error.status).toBe(status);
    expect(error.toBody()).toEqual(body);
  });

  it('round-trips through the wire body', () => {
    const original = validationError('End date is before start date.', 'endDate');
    const back = AppError.fromBody(JSON.parse(JSON.stringify(original.toBody())), 400);
    expect(back).toBeInstanceOf(AppError);
    expect(back).toMatchObject({ code: 'VALIDATION_ERROR', message: original.message, field: 'endDate', status: 400 });
  });

  it('turns a body that is not ours into the seed’s unknown error', () => {
    const error = AppError.fromBody('<html>Bad Gateway</html>', 502);
    expect(error).toMatchObject({ code: 'INTERNAL_ERROR', message: 'An unknown error has occurred.', status: 502 });
  });

  it('lets an unknown code through with the given status', () => {
    expect(new AppError('LEAVE_OVERLAP', 'Overlaps', { status: 409 }).status).toBe(409);
    expect(new AppError('SOMETHING_NEW', 'x').status).toBe(500);
  });
});
