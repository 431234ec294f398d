import type { ServerResponse } from 'node:http';

/** Sends a JSON answer the host itself makes (admin, errors): never stored by anyone; `HEAD` gets the headers only. */
export function sendJson(res: ServerResponse, status: number, body: unknown, method = 'GET'): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(method === 'HEAD' ? undefined : JSON.stringify(body));
}
