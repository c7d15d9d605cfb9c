// The body of an SRP worker thread (srp-threads.ts): the modular exponentiations of a sign-in,
// run here so the event loop keeps answering other requests meanwhile (decision record 0069).
// Piscina loads this module in each worker and calls the default export once per task.
import { startServerHandshake, verifyPasswordClaim } from './srp';

export type SrpTask =
  { op: 'handshake'; verifierHex: string } | { op: 'verify'; claim: Parameters<typeof verifyPasswordClaim>[0] };

export default function run(task: SrpTask): ReturnType<typeof startServerHandshake> | boolean {
  return task.op === 'handshake' ? startServerHandshake(task.verifierHex) : verifyPasswordClaim(task.claim);
}
