import { hasKeptSession } from '../lib/kept-session';

// main.tsx imports this first, so it runs before the gate's own modules are evaluated (Amplify,
// its widget and React DOM: about a quarter of a second on a 2-core machine). With a session kept
// from an earlier visit (a reload, a bookmark, a link from an e-mail), the signed-in app's code
// is fetched meanwhile, not once the gate has let the user in (decision record 0028). Signed
// out, nothing more loads: the sign-in page stays as small as decision record 0016 has it.
if (hasKeptSession(globalThis.localStorage)) void import('./signed-in-app');
