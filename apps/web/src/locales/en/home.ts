/** Texts of the home page (see lib/i18n.ts). */
export const home = {
  title: 'Home',
  greeting: 'Welcome, {{name}}',
  intro: 'Here are the areas of the portal your departments can open.',
  quickLinks: 'Quick links',
  noPages: 'No pages are listed for your departments yet. Please contact your administrator if you need access.',
  open: 'Open {{page}}',
  links: {
    leave: { title: 'E-Leave System', description: 'Apply for leave, see your balances and approve requests.' },
    leaveAdmin: {
      title: 'E-Leave System Admin',
      description: 'Staff leave records, leave types, public holidays and reports.',
    },
    accessControl: { title: 'Access Control Page', description: 'Accounts, departments and sign-in access.' },
    industrialRelations: {
      title: 'Industrial Relations',
      description: 'Member lookup, grievance cases and IR administration.',
    },
    itAdmin: { title: 'IT Admin', description: 'Audit log, system status and the outbox.' },
  },
};
