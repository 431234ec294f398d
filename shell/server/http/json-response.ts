import type { ServerResponse } from 'node:http';

/** Sends a JSON answer the host itself makes (admin, errors, dictionaries): `no-store` unless told otherwise; `HEAD` gets the headers only. */
export function sendJson(res: ServerResponse, status: number, body: unknown, method = 'GET', cacheControl = 'no-store'): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', cacheControl);
  res.end(method === 'HEAD' ? undefined : JSON.stringify(body));
}
