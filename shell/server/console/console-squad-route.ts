import { readInput } from '@reelkeep/shared-contracts';
import { createI18n, fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import { canRole, type ConsolePermission, type ConsoleSectionAnswer } from '@reelkeep/shared-contracts/console';
import { Markup } from './console-html.ts';
import { buildConsoleCsp, type ConsoleRequest, type ConsoleRouteHandler } from './console-request.ts';
import { allowPreviewFrames, SECTION_PREVIEWS } from './console-section-preview.ts';
import { findSectionRoute, matchSquadSectionPath, resolveSectionRedirect, sectionPath } from './console-sections.ts';

/** A section's download: a CSV file under a plain name, never rendered by the browser. */
function sendDownload(request: ConsoleRequest, answer: Extract<ConsoleSectionAnswer, { kind: 'download' }>): boolean {
  const { res } = request;
  res.statusCode = 200;
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${answer.filename}"`);
  res.setHeader('x-content-type-options', 'nosniff');
  res.end(request.method === 'HEAD' ? undefined : answer.body);
  return true;
}

/**
 * A squad's section (docs/console.md "Squad sections"): the live release's `./console`, behind the host's checks. The
 * host admits the permission the page or action declares and parses its input with its schema before the section runs;
 * a section that fails, redirects outside itself or offers a file the console does not send is "unavailable".
 */
export const handleSquadSection: ConsoleRouteHandler = async (request) => {
  const squadPath = matchSquadSectionPath(request.path);
  if (!squadPath) return false;
  const { deps, form, locale } = request;
  const squadConsole = (await request.loadSquadConsoles()).find((entry) => entry.squad === squadPath.squad);
  const section = squadConsole?.module?.sections.find((candidate) => candidate.id === squadPath.sectionId);
  const route = section ? findSectionRoute(section, squadPath.route, form !== null) : undefined;
  if (!section || !route) {
    const actor = await request.admit({ resource: 'console', action: 'view' });
    if (!actor) return true;
    if (!squadConsole?.module) return request.problemPage(503, 'sectionUnavailable', actor);
    return request.problemPage(404, 'notFound', actor);
  }
  // The host's check, before the section runs at all: the permission the page or action declares.
  const actor = await request.admit(route.permission);
  if (!actor) return true;
  const input = await readInput(form ?? request.query, 'input' in route ? route.input : route.query);
  if (!input.ok) return request.problemPage(400, 'invalidInput', actor);
  const basePath = sectionPath(squadPath.squad, section);
  const texts = await deps.loadTexts(locale, section.namespaces);
  let audited = false;
  const context = {
    actor,
    locale,
    t: fixedTranslate(createI18n(locale, texts, { defaultNS: section.namespaces[0] }), section.namespaces[0]),
    fetchApi: deps.fetchApi,
    audit: async (entry: { action: string; target: string; before?: unknown; after?: unknown }) => {
      await request.audit(actor, entry.action, entry.target, entry.before, entry.after);
      audited = true;
    },
    can: (permission: ConsolePermission) => canRole(actor.role, permission),
    basePath,
  };
  const failed = (error: unknown) => {
    deps.logger.error('console: a squad section failed', {
      squad: squadPath.squad,
      version: squadConsole?.version,
      section: section.id,
      route: squadPath.route,
      error: error instanceof Error ? error.message : String(error),
    });
    return request.problemPage(503, 'sectionUnavailable', actor);
  };
  let answer: ConsoleSectionAnswer;
  try {
    answer = 'handle' in route ? await route.handle(context, input.data as never) : await route.render(context, input.data as never);
  } catch (error) {
    return failed(error);
  }
  if (answer.kind === 'redirect') {
    const location = resolveSectionRedirect(basePath, answer.to);
    if (!location) return failed(new Error(`a redirect outside the section: ${answer.to.slice(0, 100)}`));
    // Every action is in the audit log, whether or not the section wrote its own entry.
    if (form && !audited) await request.audit(actor, `${section.id}.${squadPath.route}`, basePath);
    return request.redirect(location);
  }
  if (answer.kind === 'download') {
    if (!/^[A-Za-z0-9._-]{1,100}$/.test(answer.filename) || answer.contentType !== 'text/csv')
      return failed(new Error(`a download the console does not send: ${String(answer.filename).slice(0, 100)}`));
    return sendDownload(request, answer);
  }
  let body: string | null;
  try {
    body = await deps.sections!.render(answer.body);
  } catch (error) {
    return failed(error);
  }
  if (body === null) return request.problemPage(503, 'sectionUnavailable', actor);
  const status = Number.isInteger(answer.status) && answer.status! >= 200 && answer.status! < 600 ? answer.status! : 200;
  // A section page that frames previews of itself (findSectionPreview) may frame this origin.
  if (SECTION_PREVIEWS.some((candidate) => candidate.section === basePath))
    request.res.setHeader('content-security-policy', allowPreviewFrames(buildConsoleCsp(request.nonce)));
  return request.page(status, answer.title, new Markup(`<div class="section">${body}</div>`), actor, basePath);
};
