/**
 * Texts of the shell namespace (see lib/i18n.ts): the layout, the route guards and the
 * whole-page states. Texts quoted by the original specification (docs/product/specification.md §2, §8) are verbatim and
 * must stay so; the others were written for this product.
 */
export const shell = {
  nav: {
    label: 'Main navigation',
    home: 'Home',
    shared: 'Shared',
    teamSpace: 'Team Space',
  },
  sidebar: {
    label: 'Sidebar',
    open: 'Open navigation',
    close: 'Close navigation',
    collapse: 'Collapse sidebar',
    expand: 'Expand sidebar',
    skipToContent: 'Skip to main content',
    openProfile: 'Open your profile: {{name}}',
    signOut: 'Sign Out',
    signingOut: 'Signing out…',
  },
  breadcrumb: {
    label: 'Breadcrumb',
    home: 'HOME',
    showPath: 'Show the full path',
  },
  guard: {
    checking: 'Checking your access…',
  },
  notFound: {
    title: 'Page Not Found',
    message:
      "Oops! The page you're looking for doesn't exist. Please contact your administrator if you believe this is an error.",
  },
  unauthorized: {
    title: 'Unauthorized',
    message:
      'You do not have permission to access this page. Please contact your administrator if you believe this is an error.',
  },
  underConstruction: {
    title: 'Under Construction',
    message:
      'This page is currently under construction. Please check back later or contact your administrator if you have questions.',
  },
  // Not in the seed: shown when a page's code cannot be loaded (typically a new release was deployed).
  routeError: {
    title: 'Something Went Wrong',
    message:
      'This page could not be loaded. Please reload the page or contact your administrator if the problem persists.',
  },
  // Not in the seed: shown above the gate when a part of the portal fails to load or to render
  // (app/app-error-boundary.tsx), typically the network dropping between the page and its code.
  appError: {
    title: 'Something Went Wrong',
    message:
      'The portal could not be loaded. Please check your connection and reload the page, or contact your administrator if the problem persists.',
  },
  configError: {
    title: 'Configuration Error',
    /** Note the en dash: the seed's exact text. */
    message: 'Configuration error (see console) – please contact the administrator',
  },
};
