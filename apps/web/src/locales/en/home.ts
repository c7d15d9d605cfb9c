/** Texts of the home page (see lib/i18n.ts). */
export const home = {
  title: 'Home',
  greeting: 'Welcome, {{name}}',
  intro: 'Here are the areas of the portal your departments can open.',
  quickLinks: 'Quick links',
  noPages:
    'Your departments have no pages of their own yet. You can still see your profile and your team space; if you need E-Leave or another area, ask your administrator to add you to its department.',
  whatYouCanDo: 'What you can do',
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
    profile: {
      title: 'My Profile',
      description: 'Your name, e-mail and departments, the portal’s language, and your password.',
    },
    teamSpace: { title: 'Team Space', description: 'The space you share with the people of your departments.' },
  },
};
