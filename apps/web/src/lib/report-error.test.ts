import { AppError } from '@staff-portal/shared/errors';
import { describe, expect, it, vi } from 'vitest';
import { reportError } from './report-error';

describe('reportError', () => {
  it("shows an AppError's message as an error notification, once per error", () => {
    const notify = vi.fn();
    const error = new AppError('CONFLICT', 'This request was already decided.');

    reportError(error, notify);
    reportError(error, notify);

    expect(notify).toHaveBeenCalledExactlyOnceWith({ message: 'This request was already decided.', severity: 'error' });
  });

  it('shows the generic message for anything else and logs the details', () => {
    const notify = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");

    reportError(bug, notify);

    expect(notify).toHaveBeenCalledExactlyOnceWith({ message: 'An unknown error has occurred.', severity: 'error' });
    expect(consoleError).toHaveBeenCalledWith(bug);
    consoleError.mockRestore();
  });

  it('leaves a missing staff leave record out: the leave pages explain it in place', () => {
    const notify = vi.fn();
    reportError(new AppError('NO_STAFF_RECORD', 'You have no staff leave record yet.', { status: 403 }), notify);
    expect(notify).not.toHaveBeenCalled();
  });
});
