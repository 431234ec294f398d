import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReleaseSnapshot } from '../releases/release-snapshot.ts';

/** One request as the host's route table sees it: parsed once, with the release snapshot of the visitor's cohort. */
export interface HostRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  snapshot: ReleaseSnapshot;
  /** The CSP nonce of this response's scripts. */
  nonce: string;
}

/**
 * One of the host's own endpoints (docs/architecture.md "Request path"): `answer` sends the response and resolves
 * true, or resolves false without touching the response so that the next route of the table is asked.
 */
export interface HostRoute {
  name: string;
  answer: (request: HostRequest) => Promise<boolean>;
}

/** Whether a method only reads (the host's files, sitemaps and status answer these alone). */
export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}
