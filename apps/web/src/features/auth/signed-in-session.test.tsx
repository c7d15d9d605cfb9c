import { displayNameOf } from '@staff-portal/shared/signed-in-user';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAuthSession, signOut as amplifySignOut } from 'aws-amplify/auth';
import type { AuthSession, JWT } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionLostContext } from '../../lib/api-client';
import { jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { useAuth } from '../../lib/auth-context';
import { SignedInSession } from './signed-in-session';

// Amplify's session is the boundary here: these tests decide what tokens it holds. The real
// Amplify against the real identity service is exercised end to end (e2e/src/gate*.e2e.test.ts).
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(), signOut: vi.fn() }));

const TOKEN = 'header.payload.signature';
const claims = {
  sub: 'user-1',
  email: 'aminah@staffportal.example',
  name: 'Aminah binti Ali',
  nickname: 'Aminah',
  'cognito:groups': ['HR', 'IR'],
  'custom:passwordChangedAt': '2026-10-01T00:00:00.000Z',
};

function sessionWith(payload: Record<string, unknown> | undefined): AuthSession {
  if (payload === undefined) return {};
  const idToken = { payload, toString: () => TOKEN } as unknown as JWT;
  return { tokens: { idToken, accessToken: idToken } };
}

/** What happened, in order: API calls and Amplify sign-outs. */
let events: string[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  events = [];
  window.history.pushState(null, '', '/team-space');
  vi.mocked(fetchAuthSession).mockResolvedValue(sessionWith(claims));
  vi.mocked(amplifySignOut).mockImplementation(() => {
    events.push('signOut');
    return Promise.resolve();
  });
  fetchMock = vi.fn((input: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as { action: string };
    const auth = new Headers(init.headers).get('Authorization');
    events.push(`${init.method ?? 'GET'} ${input} ${body.action} ${auth ?? 'no token'}`);
    return Promise.resolve(jsonResponse({ id: '1', receivedAt: new Date().toISOString() }, 201));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const sentBody = (call: number) =>
  JSON.parse((fetchMock.mock.calls[call] as [string, RequestInit])[1].body as string) as Record<string, string>;

function Probe() {
  const { user, signOut, refreshUser } = useAuth();
  return (
    <>
      <p data-testid="user">{user === null ? 'loading' : `${displayNameOf(user)} ${user.department.join(',')}`}</p>
      <button onClick={() => void signOut()}>Sign Out</button>
      <button onClick={() => void refreshUser()}>Refresh</button>
    </>
  );
}

function renderSession({ fresh = false, onSessionLost = vi.fn() } = {}) {
  const freshSignIn = { current: fresh };
  renderWithProviders(
    <SessionLostContext value={onSessionLost}>
      <SignedInSession freshSignIn={freshSignIn}>
        <Probe />
      </SignedInSession>
    </SessionLostContext>,
    { getToken: async () => (await fetchAuthSession()).tokens?.idToken?.toString() },
  );
  return { freshSignIn, onSessionLost };
}

describe('SignedInSession', () => {
  it("builds the signed-in user from the ID token's claims", async () => {
    renderSession();
    expect(screen.getByTestId('user')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('Aminah HR,IR'));
  });

  it('logs a fresh sign-in once, with the seed’s Login entry', async () => {
    const { freshSignIn } = renderSession({ fresh: true });
    await waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toBe(`POST /log-api/log/ Login Bearer ${TOKEN}`);
    const body = sentBody(0);
    expect(body).toMatchObject({
      userId: 'user-1',
      action: 'Login',
      request: '',
      url: 'http://localhost:3000/team-space',
      stream: 'login/logout',
    });
    // Seed §7: now plus 8 hours.
    expect(Date.parse(body['logDate']!) - Date.now()).toBeGreaterThan(8 * 3_600_000 - 60_000);
    expect(freshSignIn.current).toBe(false);
  });

  it('does not log a session restored on reload', async () => {
    renderSession({ fresh: false });
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('Aminah'));
    expect(events).toEqual([]);
  });

  it('signs out: the Logout entry goes with the still-valid token, then the session ends and the user is at /', async () => {
    const user = userEvent.setup();
    renderSession();
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('Aminah'));

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([`POST /log-api/log/ Logout Bearer ${TOKEN}`, 'signOut']);
    const body = sentBody(0);
    expect(body).toMatchObject({
      action: 'Logout',
      request: '',
      url: 'http://localhost:3000/',
      stream: 'login/logout',
    });
    expect(window.location.pathname).toBe('/');
  });

  it('signs out even when the Logout entry cannot be recorded', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSession();
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('Aminah'));

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(events).toEqual(['signOut']));
    expect(window.location.pathname).toBe('/');
  });

  it('refreshUser forces a token refresh and rebuilds the user from the new claims', async () => {
    const user = userEvent.setup();
    renderSession();
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('Aminah HR,IR'));
    vi.mocked(fetchAuthSession).mockResolvedValue(
      sessionWith({ ...claims, nickname: 'Mina', 'cognito:groups': ['HR'] }),
    );

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('Mina HR'));
    expect(fetchAuthSession).toHaveBeenLastCalledWith({ forceRefresh: true });
  });

  it('treats a session without tokens (a refused refresh) as lost', async () => {
    vi.mocked(fetchAuthSession).mockResolvedValue(sessionWith(undefined));
    const { onSessionLost } = renderSession();
    await waitFor(() => expect(onSessionLost).toHaveBeenCalled());
    expect(screen.getByTestId('user')).toHaveTextContent('loading');
  });

  it('an API call refused with 401 is a lost session, not an error message', async () => {
    // A new answer to each call: the client tries once more with a refreshed token (decision record 0041).
    const refused = () => jsonResponse({ code: 'UNAUTHENTICATED', message: 'Invalid or expired token.' }, 401);
    fetchMock.mockResolvedValueOnce(refused()).mockResolvedValueOnce(refused());
    const { onSessionLost } = renderSession({ fresh: true });
    await waitFor(() => expect(onSessionLost).toHaveBeenCalledOnce());
    await act(() => Promise.resolve());
    expect(screen.queryByText('Invalid or expired token.')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
