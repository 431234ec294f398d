import type { ConsoleActor } from '../console-operators.ts';
import type { ConsoleAuditEntry, ConsoleSectionContext } from '../console-squad-sections.ts';

/** One call a section made through `fetchApi`: where, how, as whom, in which language, with which body. */
export interface RecordedSectionCall {
  path: string;
  method: string;
  actor: string | null;
  locale: string | null;
  body: string;
}

/**
 * The tests' one stand-in for the host (docs/testing.md "Console tests"): a section context as the host hands it to a
 * squad's console page or action, whose `fetchApi` answers with `reply` and records each call, and whose audit writes
 * are kept. Texts are their keys, so a test reads which text a page shows without the locale files.
 */
export function createTestSectionContext(
  reply: (path: string, init?: RequestInit) => Response | Promise<Response>,
  options: { actor?: ConsoleActor; locale?: ConsoleSectionContext['locale']; basePath?: string; can?: ConsoleSectionContext['can'] } = {},
) {
  const calls: RecordedSectionCall[] = [];
  const audited: ConsoleAuditEntry[] = [];
  const context: ConsoleSectionContext = {
    actor: options.actor ?? { id: 'u1', email: 'cm@example.com', role: 'campaign-manager' },
    locale: options.locale ?? 'de',
    t: (key: string) => key,
    fetchApi: async (path, init) => {
      const headers = new Headers(init?.headers);
      calls.push({
        path,
        method: init?.method ?? 'GET',
        actor: headers.get('x-console-actor'),
        locale: headers.get('x-console-locale'),
        body: typeof init?.body === 'string' ? init.body : '',
      });
      return reply(path, init);
    },
    audit: async (entry) => void audited.push(entry),
    can: options.can ?? (() => true),
    basePath: options.basePath ?? '/console/campaign/campaigns',
  };
  return { context, calls, audited };
}

/** A JSON answer of a squad's internal route, for `createTestSectionContext`. */
export const answerJson = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
