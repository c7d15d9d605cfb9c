import { SignedInProviders } from './provider';
import { AppRouter } from './router';

/** Everything behind the gate, loaded once the gate lets the user in (see app.tsx). */
export function SignedInApp() {
  return (
    <SignedInProviders>
      <AppRouter />
    </SignedInProviders>
  );
}
