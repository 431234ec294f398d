import { isLocale, type Locale } from '@reelkeep/shared-contracts';
import { createI18n, fixedTranslate } from '@reelkeep/shared-contracts/i18n';
import { toReleaseDir } from '@reelkeep/platform/releases';
import type { ConsoleRouteHandler } from './console-request.ts';
import { buildPreviewCsp, findSectionPreview, forwardPreview, listPreviewStyles, renderPreviewDocument } from './console-section-preview.ts';

/**
 * A squad section's preview (docs/console.md "Section previews"): a document of the squad's components alone, framed
 * by the section's page, rendered by the squad's internal route after the host's check of the permission it declares.
 */
export const handleSectionPreview: ConsoleRouteHandler = async (request) => {
  const preview = findSectionPreview(request.path);
  if (!preview) return false;
  const { deps, url, locale, res, nonce } = request;
  const actor = await request.admit(preview.preview.permission);
  if (!actor) return true;
  if (request.form || !preview.id) return request.problemPage(404, 'notFound', actor);
  const answer = await forwardPreview(deps.fetchApi, preview, { search: url.search, actor, locale, clientIp: request.clientIp });
  if (!answer) return request.problemPage(503, 'sectionUnavailable', actor);
  const asked = url.searchParams.get('locale') ?? '';
  const previewLocale: Locale = isLocale(asked) ? asked : locale;
  const state = await deps.registry.read();
  const liveOf = (app: string) => {
    const version = state.apps[app]?.live;
    return version ? { version, dir: toReleaseDir(deps.releasesDir, app, version) } : undefined;
  };
  const styles = await listPreviewStyles(
    { shell: liveOf('shell'), remote: liveOf(preview.preview.app), app: preview.preview.app },
    deps.assetOrigin ?? '',
  ).catch(() => []);
  const common = fixedTranslate(createI18n(previewLocale, await deps.loadTexts(previewLocale, ['common'])), 'common');
  res.setHeader('content-security-policy', buildPreviewCsp(nonce, deps.assetOrigin ?? ''));
  res.setHeader('x-frame-options', 'SAMEORIGIN');
  return request.send(answer.status, renderPreviewDocument({ answer, locale: previewLocale, nonce, styles, common, t: request.t }));
};
