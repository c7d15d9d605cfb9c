// Sign-ins as they arrive in real use: one after another, a few a second, each by the real
// Amplify client the web app uses (USER_SRP_AUTH, PASSWORD_VERIFIER, then ConfirmDevice for the
// new device it is on, as Amplify does after every sign-in on a browser it has not seen).
import { Amplify } from 'aws-amplify';
import { signIn } from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';

/**
 * Amplify's storage, emptied before each sign-in: every sign-in then starts on a browser Amplify
 * has not seen (no tokens, no device key), so it confirms a new device as a first sign-in does,
 * and no sign-out call (a RevokeToken the server would count) is needed in between.
 */
class ForgetfulStorage {
  private items = new Map<string, string>();
  setItem(key: string, value: string) {
    this.items.set(key, value);
    return Promise.resolve();
  }
  getItem(key: string) {
    return Promise.resolve(this.items.get(key) ?? null);
  }
  removeItem(key: string) {
    this.items.delete(key);
    return Promise.resolve();
  }
  clear() {
    this.items.clear();
    return Promise.resolve();
  }
}

export interface PacedSignIns {
  completed: number;
  errors: number;
  seconds: number;
  /** Each sign-in's time as its user waits for it, the client's own arithmetic included. */
  latencies: number[];
  firstError: string | undefined;
}

/**
 * Signs the users in one after another, starting one every `1000 / perSecond` ms (or at once
 * when the last took longer), for `seconds`.
 */
export async function runPacedSignIns(options: {
  endpoint: string;
  userPoolId: string;
  clientId: string;
  emails: readonly string[];
  password: string;
  perSecond: number;
  seconds: number;
}): Promise<PacedSignIns> {
  const storage = new ForgetfulStorage();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: options.userPoolId,
        userPoolClientId: options.clientId,
        userPoolEndpoint: options.endpoint,
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  const run: PacedSignIns = { completed: 0, errors: 0, seconds: options.seconds, latencies: [], firstError: undefined };
  const interval = 1000 / options.perSecond;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  for (let n = 0; performance.now() < deadline; n++) {
    const due = started + n * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await storage.clear();
    const sent = performance.now();
    try {
      const result = await signIn({
        username: options.emails[n % options.emails.length]!,
        password: options.password,
      });
      if (!result.isSignedIn) throw new Error(`sign-in stopped at ${result.nextStep.signInStep}`);
      run.latencies.push(performance.now() - sent);
      run.completed++;
    } catch (error) {
      run.errors++;
      run.firstError ??= error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
  }
  run.seconds = (performance.now() - started) / 1000;
  await storage.clear();
  return run;
}
