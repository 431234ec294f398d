import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@reelkeep/platform/logger';
import { createRateLimiter } from '@reelkeep/platform/rate-limit';
import type { Database } from '@reelkeep/platform/db';
import type { Mailer } from '@reelkeep/platform/mail';
import type { RegistryStore } from '@reelkeep/platform/registry';
import { consoleAuthoriseInput } from '@reelkeep/shared-contracts/console';
import { createConsoleHandler } from '../console-handler.ts';
import type { ConsoleDeps } from '../console-request.ts';

/**
 * The console's test harness (docs/testing.md "Console tests"): the console handler on a free port of this machine, with a
 * stand-in for every dependency a suite does not give, and a client that sends one request and reads the whole answer.
 * The suites of the handler, the route table and the squads' sections share it.
 */

/** The site the console believes it serves; requests from its pages carry it as their origin. */
export const TEST_SITE = 'http://127.0.0.1:1';

/** A console answer as a test reads it. */
export interface ConsoleAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A running console and its client. */
export interface ConsoleHarness {
  /** One request with exactly these headers; a form body (and any POST) is sent as a form. */
  send: (method: string, path: string, options?: { body?: string; headers?: Record<string, string> }) => Promise<ConsoleAnswer>;
  close: () => Promise<void>;
}

/** The permission a console asks the account squad about (`resource:action`), read from the authorisation request. */
export function readAskedPermission(init: RequestInit | undefined): string {
  const { permission } = consoleAuthoriseInput.parse(JSON.parse(String(init?.body)));
  return `${permission.resource}:${permission.action}`;
}

/** Rate limiters for the three ways in, each allowing `limit` attempts a minute. */
export function createTestLimits(limit: number): ConsoleDeps['limits'] {
  return {
    signInByAddress: createRateLimiter({ name: 'a', limit, windowMs: 60_000 }),
    signInByAccount: createRateLimiter({ name: 'b', limit, windowMs: 60_000 }),
    codeByAddress: createRateLimiter({ name: 'c', limit, windowMs: 60_000 }),
  };
}

/** A registry with mf-checkout live at 2.0.0 after 1.0.0; every switch is written in `changes` (and changes nothing). */
export function createTestRegistry(changes: string[]): RegistryStore {
  return {
    read: async () => ({ revision: 1, apps: { 'mf-checkout': { live: '2.0.0', previous: ['1.0.0'] } }, history: [] }),
    update: async (change) => {
      changes.push('registry.update');
      return change({ revision: 1, apps: {}, history: [] });
    },
    close: async () => undefined,
  };
}

/** An empty outbox whose mail is held; resending finds nothing. */
const EMPTY_MAILER = {
  listOutbox: async () => [],
  readOutbox: async () => null,
  send: async () => ({ via: 'outbox', id: '1', state: 'held' }),
  resend: async () => null,
} as unknown as Mailer;

/** Starts the console handler with `deps` over the stand-ins; an error of the handler answers 500, a path it passes 599. */
export async function startConsoleHarness(deps: Partial<ConsoleDeps> & Pick<ConsoleDeps, 'fetchApi'>): Promise<ConsoleHarness> {
  const handle = createConsoleHandler({
    siteUrl: TEST_SITE,
    db: { query: async () => [] } as unknown as Database,
    mailer: EMPTY_MAILER,
    logger: createLogger('error'),
    registry: createTestRegistry([]),
    releasesDir: '/nonexistent',
    loadTexts: async () => ({ console: {} }),
    assetOrigin: '',
    readClientAddress: () => '127.0.0.1',
    limits: createTestLimits(1000),
    ...deps,
  });
  const server = createServer((req, res) => {
    handle(req, res, new URL(req.url!, deps.siteUrl ?? TEST_SITE), 'nonce').then(
      (handled) => void (handled || res.writeHead(599).end()),
      () => void res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const send: ConsoleHarness['send'] = (method, path, { body = '', headers = {} } = {}) =>
    new Promise((resolve, reject) => {
      const form = body !== '' || method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { ...form, ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end(body || undefined);
    });
  return { send, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
