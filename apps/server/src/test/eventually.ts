/**
 * Options for `vi.waitFor` where a test waits for something the server does on its own time (a
 * notice as a change commits, a mail sent by the outbox): checked every 20 ms, given up after
 * 30 s. The limit only ends a test that would otherwise wait for ever; a busy machine may take
 * seconds where a quiet one takes milliseconds (CONTRIBUTING.md §5).
 */
export const eventually = { timeout: 30_000, interval: 20 };
