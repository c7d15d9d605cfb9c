// The client's share of an SRP sign-in (the PASSWORD_VERIFIER proof), computed off the thread
// that times the requests, so one loop's arithmetic does not delay the next loop's timestamps.
import { parentPort } from 'node:worker_threads';
import { passwordVerifierResponses } from '@staff-portal/server/identity/srp-client';

export interface ProofRequest {
  id: number;
  params: Parameters<typeof passwordVerifierResponses>[0];
}

parentPort!.on('message', ({ id, params }: ProofRequest) => {
  const started = performance.now();
  const responses = passwordVerifierResponses(params);
  parentPort!.postMessage({ id, responses, ms: performance.now() - started });
});
