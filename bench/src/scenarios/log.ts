// The log module: an entry as the web app sends it after a sign-in.
import type { Scenario } from './scenario';

export const log: Scenario = {
  name: 'log',
  run: async (bench) => {
    // The log API is measured with a real user's id token, checked as production checks it
    // (signature, then the session still active in the identity tables).
    const signedIn = await bench.session();
    const logBody = JSON.stringify({
      userId: bench.users[0]!.id,
      action: 'Login',
      request: '',
      url: `${bench.url}/`,
      stream: 'login/logout',
      logDate: new Date().toISOString(),
    });
    return [
      await bench.measure('POST /api/log/', {
        url: `${bench.url}/api/log/`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${signedIn.result.IdToken}` },
        body: logBody,
      }),
    ];
  },
};
