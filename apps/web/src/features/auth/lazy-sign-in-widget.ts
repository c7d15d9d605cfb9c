import { lazyWithPreload } from '../../lib/lazy-component';

/** The sign-in widget (sign-in-widget.tsx), loaded only when there is nobody to let in. */
export const SignInWidget = lazyWithPreload(
  () => import('./sign-in-widget'),
  (module) => module.SignInWidget,
);
