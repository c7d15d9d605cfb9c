import { SignInWidget } from '../features/auth/lazy-sign-in-widget';
import { hasKeptSession } from '../lib/kept-session';
import { lazyWithPreload } from '../lib/lazy-component';

/** Everything behind the gate, as one lazily loaded component (app.tsx renders it once signed in). */
export const SignedInApp = lazyWithPreload(
  () => import('./signed-in-app'),
  (module) => module.SignedInApp,
);

// main.tsx imports this first, so it runs before the gate's own modules are evaluated (Amplify
// and React DOM: about a tenth of a second on a 2-core machine). With a session kept
// from an earlier visit (a reload, a bookmark, a link from an e-mail), the signed-in app's code
// is fetched meanwhile, not once the gate has let the user in (decision record 0028), and the
// gate then shows it at once, without a loading state in between. Signed out, the sign-in
// widget's code is fetched instead (decision record 0061), and the sign-in page stays as small as
// decision record 0016 has it.
// A load that fails here is tried again when the part renders, and shows the failure page if it
// fails then too (app-error-boundary.tsx): nothing to do with the error here.
const ignore = () => undefined;
if (hasKeptSession(globalThis.localStorage)) SignedInApp.preload().catch(ignore);
else SignInWidget.preload().catch(ignore);
