import type { ServerResponse } from 'node:http';

/** The last resort when even the error page cannot render (a generic message with a link home: docs/frame.md "Error pages"). */
export function sendPlainError(res: ServerResponse, status: number): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>ReelKeep</title></head><body><h1>Something went wrong.</h1><p><a href="/">Go to the home page</a></p></body></html>`,
  );
}
