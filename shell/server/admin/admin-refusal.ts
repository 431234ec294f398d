import type { ServerResponse } from 'node:http';
import { toRefusalResponse, type GuardDecision } from '@reelkeep/platform/console-guard';

/**
 * Sends the console guard's refusal (401, 403, 429 or 503, `Retry-After` when locked out) as every admin endpoint
 * answers it: the one map of `toRefusalResponse`, which the squads' console routes answer with too.
 */
export async function sendRefusal(res: ServerResponse, decision: Extract<GuardDecision, { allowed: false }>, method = 'GET'): Promise<void> {
  const answer = toRefusalResponse(decision);
  res.statusCode = answer.status;
  answer.headers.forEach((value, name) => res.setHeader(name, value));
  const body = await answer.text();
  res.end(method === 'HEAD' ? undefined : body);
}
