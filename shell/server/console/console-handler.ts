import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleApiKeysSection } from './api-keys-section.ts';
import { handleAuditLog } from './console-audit-section.ts';
import { handleMailbox } from './console-mailbox-section.ts';
import { listVisibleSections } from './console-pages.ts';
import { handlePeople } from './console-people-section.ts';
import { handleSectionPreview } from './console-preview-route.ts';
import { handleReleaseSwitch } from './console-release-switch.ts';
import { handleReleasesPage } from './console-releases-page.ts';
import { openConsoleRequest, type ConsoleDeps, type ConsoleRouteHandler } from './console-request.ts';
import { findConsoleRoute } from './console-routes.ts';
import { findSectionPreview } from './console-section-preview.ts';
import { matchSquadSectionPath } from './console-sections.ts';
import { handleShellSections } from './console-shell-sections.ts';
import { handleSignIn } from './console-sign-in-section.ts';
import { handleSquadSection } from './console-squad-route.ts';
import { formatConsoleTime } from './console-time.ts';

export { buildConsoleCsp, type ConsoleDeps } from './console-request.ts';
export { CONSOLE_ACCOUNT_LIMIT, CONSOLE_LIMIT_WINDOW_MS, CONSOLE_SIGN_IN_LIMIT } from './console-sign-in-section.ts';

/** `/console`: the first section the actor's role may open (the audit log, which every role reads, at the least). */
const handleConsoleHome: ConsoleRouteHandler = async (request) => {
  if (request.path !== '/console') return false;
  const actor = await request.admit({ resource: 'console', action: 'view' });
  if (!actor) return true;
  const first = listVisibleSections(actor.role)[0];
  return request.redirect(`${first?.path ?? '/console/audit'}${request.url.search}`);
};

/** The API keys section (api-keys-section.ts), with its kit from the request. */
const handleApiKeys: ConsoleRouteHandler = async (request) =>
  (await handleApiKeysSection({ ...request, formatTime: (iso) => formatConsoleTime(iso, request.locale) })) ?? false;

/**
 * Who answers a console path, in order: the ways in, the frame's own sections, the shell's other sections, a squad
 * section's preview, a squad's section. Each answers its own paths and passes on the others.
 */
const CONSOLE_HANDLERS: readonly ConsoleRouteHandler[] = [
  handleSignIn,
  handleApiKeys,
  handleConsoleHome,
  handleReleasesPage,
  handleReleaseSwitch,
  handleMailbox,
  handleAuditLog,
  handlePeople,
  handleShellSections,
  handleSectionPreview,
  handleSquadSection,
];

/**
 * The operator console (docs/console.md): server-rendered pages and their form actions under `/console`. The
 * host owns the frame, the navigation, the sign-in and the permission check of every page and action; the account
 * squad's internal routes answer who the session is and what its role may do (better-auth's access control).
 */
export function createConsoleHandler(deps: ConsoleDeps) {
  return async function handleConsole(req: IncomingMessage, res: ServerResponse, url: URL, nonce: string): Promise<boolean> {
    // 1. Only the console's paths.
    if (url.pathname !== '/console' && !url.pathname.startsWith('/console/')) return false;
    // 2. The request's checks (docs/console.md "Security"): headers, language, origin, method, body size.
    const request = await openConsoleRequest(deps, req, res, url, nonce);
    if (!request) return true;
    // 3. The route table (console-routes.ts): the permission of a shell route is checked before its code runs; a path
    //    neither the shell nor a squad's section or preview answers does not exist.
    const declared = findConsoleRoute(request.method, request.path);
    if (declared && 'permission' in declared) {
      if (!(await request.admit(declared.permission))) return true;
    } else if (!declared && !findSectionPreview(request.path) && !matchSquadSectionPath(request.path)) {
      return request.problemPage(404, 'notFound');
    }
    // 4. The handler of the path.
    for (const handle of CONSOLE_HANDLERS) if (await handle(request)) return true;
    // 5. Nobody answered (a page's path posted to, an action's path loaded): not found.
    return request.problemPage(404, 'notFound');
  };
}
