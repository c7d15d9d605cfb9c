/** What a save or an action on the open account came to: its confirmation, or the error that refused it. */
export type Outcome = { severity: 'success'; message: string } | { severity: 'error'; error: unknown };
