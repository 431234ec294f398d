import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CLIENT_IP_HEADER,
  frameCampaignAnswerSchema,
  toLocalePrefix,
  type Locale,
  type Translate as TranslateFunction,
} from '@reelkeep/shared-contracts';
import {
  CONSOLE_ACTOR_HEADER,
  CONSOLE_LOCALE_HEADER,
  consoleSectionReplySchema,
  type ConsoleActor,
  type ConsolePermission,
  type ConsoleSectionReply,
} from '@reelkeep/shared-contracts/console';
import { renderCampaignBannerHtml } from '../../src/rendering/campaign-banner.server.ts';
import { html, Markup, styleSheet } from './console-html.ts';

/**
 * Previews of a squad section (docs/console.md "Section previews"): a document holding only the squad's components
 * (the campaign banner, coupon modal and event centre), which the section's page frames. A section page is rendered
 * inside the console's frame, so a preview cannot be one: the host serves it at `/console/preview/<section>/<id>`,
 * checks the section's read permission first, asks the squad's internal route for the body (rendered by the squad's
 * own components) and sends it with the live releases' stylesheets, its own CSP and never cached.
 */
export const SECTION_PREVIEWS = [
  {
    id: 'campaigns',
    /** The section whose page frames it (`/console/<squad>/<section>`). */
    section: '/console/campaign/campaigns',
    path: '/console/preview/campaigns',
    /** The squad's internal route answering `<id>/preview` (a `ConsoleSectionReply` of kind `preview`). */
    api: '/api/campaign/internal/console/',
    app: 'mf-campaign',
    permission: { resource: 'campaign', action: 'read' },
  },
] as const satisfies readonly { id: string; section: string; path: string; api: string; app: string; permission: ConsolePermission }[];

/** A preview's declaration. */
export type SectionPreview = (typeof SECTION_PREVIEWS)[number];

/** The preview a console path names and the id it previews (`""` when the path names none or a bad one); undefined for other paths. */
export function findSectionPreview(pathname: string): { preview: SectionPreview; id: string } | undefined {
  for (const preview of SECTION_PREVIEWS) {
    if (pathname === preview.path) return { preview, id: '' };
    if (pathname.startsWith(`${preview.path}/`)) {
      const id = pathname.slice(preview.path.length + 1);
      return { preview, id: /^[a-z0-9][a-z0-9-]{1,39}$/.test(id) ? id : '' };
    }
  }
  return undefined;
}

/** Asks the squad for a preview's body; null when it does not answer as the contract says. */
export async function forwardPreview(
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>,
  target: { preview: SectionPreview; id: string },
  request: { search: string; actor: ConsoleActor; locale: Locale; clientIp: string },
): Promise<(Extract<ConsoleSectionReply, { kind: 'preview' }> & { status: number }) | null> {
  const response = await fetchApi(`${target.preview.api}${target.id}/preview${request.search}`, {
    headers: {
      [CONSOLE_ACTOR_HEADER]: JSON.stringify(request.actor),
      [CONSOLE_LOCALE_HEADER]: request.locale,
      [CLIENT_IP_HEADER]: request.clientIp,
    },
  }).catch(() => null);
  if (!response?.ok) return null;
  const parsed = consoleSectionReplySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return null;
  const reply = parsed.data;
  // A refused query comes back as the section's page of the problem: shown alone, with its status.
  if (reply.kind === 'page') return { kind: 'preview', title: reply.title, html: reply.html, status: reply.status };
  return reply.kind === 'preview' ? { ...reply, status: 200 } : null;
}

/** docs/console.md "Section previews": a preview may be framed by the console only, and loads the releases' styles. */
export function buildPreviewCsp(nonce: string, assetOrigin: string): string {
  const assets = assetOrigin ? ` ${assetOrigin}` : '';
  return [
    "default-src 'none'",
    `style-src 'self'${assets} 'nonce-${nonce}'`,
    `img-src 'self'${assets} data:`,
    `font-src 'self'${assets}`,
    "form-action 'none'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');
}

/** The console's CSP on a section page that frames its previews: the console's own, plus frames of this origin. */
export const allowPreviewFrames = (csp: string) => `${csp}; frame-src 'self'`;

interface FederationManifest {
  exposes: { path: string; assets: { css: { sync: string[]; async?: string[] } } }[];
}

/**
 * The stylesheets a preview needs, from the live releases: the shell's (the frame, the campaign banner) and the
 * squad remote's, of its pages and of its dialogs, so the components look as visitors see them.
 */
export async function listPreviewStyles(
  live: { shell?: { version: string; dir: string }; remote?: { version: string; dir: string }; app: string },
  assetOrigin: string,
): Promise<string[]> {
  const styles: string[] = [];
  if (live.shell) {
    const files = JSON.parse(await readFile(path.join(live.shell.dir, 'browser', 'entry-assets.json'), 'utf8')) as { styles?: string[] };
    styles.push(...(files.styles ?? []).map((file) => `${assetOrigin}/static/shell/${live.shell!.version}/${file}`));
  }
  if (live.remote) {
    const manifest = JSON.parse(await readFile(path.join(live.remote.dir, 'browser', 'mf-manifest.json'), 'utf8')) as FederationManifest;
    for (const expose of manifest.exposes.filter((candidate) => candidate.path === './page' || candidate.path === './dialogs')) {
      for (const file of [...expose.assets.css.sync, ...(expose.assets.css.async ?? [])])
        styles.push(`${assetOrigin}/static/${live.app}/${live.remote.version}/${file}`);
    }
  }
  return [...new Set(styles)];
}

const PREVIEW_STYLE = 'body{margin:0;background:#fff}.rk-preview-empty{font:16px system-ui,sans-serif;padding:16px;color:#1a1a2e}';

/**
 * A preview document: the squad's rendered part, or the banner drawn with the shell's own markup from the squad's
 * frame slot, in the previewed locale, with the live releases' stylesheets and no script.
 */
export function renderPreviewDocument(input: {
  answer: Extract<ConsoleSectionReply, { kind: 'preview' }>;
  locale: Locale;
  nonce: string;
  styles: readonly string[];
  /** The previewed locale's `common` texts (the banner's labels). */
  common: TranslateFunction;
  /** The console's texts (the empty banner's words). */
  t: TranslateFunction;
}): string {
  let body: Markup = new Markup(input.answer.html);
  if (input.answer.banner !== undefined) {
    const parsed = frameCampaignAnswerSchema.safeParse({ campaign: input.answer.banner });
    const campaign = parsed.success ? parsed.data.campaign : null;
    body = campaign
      ? new Markup(
          renderCampaignBannerHtml({
            campaign,
            route: undefined,
            prefix: toLocalePrefix(input.locale),
            hidden: false,
            labels: {
              label: input.common('campaign_banner.label'),
              cta: input.common('campaign_banner.cta'),
              coupons: input.common('campaign_banner.coupons'),
              close: input.common('campaign_banner.close'),
            },
          }),
        )
      : html`<p class="rk-preview-empty">${input.t('problems.unavailableDetail')}</p>`;
  }
  return html`<!doctype html>
    <html lang="${input.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${input.answer.title}</title>
        ${input.styles.map((href) => html`<link rel="stylesheet" href="${href}" />`)}
        <style nonce="${input.nonce}">
          ${styleSheet(PREVIEW_STYLE)}
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html>`.toString();
}
