import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CLIENT_IP_HEADER, frameCampaignAnswerSchema, toLocalePrefix, type Locale, type TranslateFunction } from '@reelkeep/shared-contracts';
import {
  CONSOLE_ACTOR_HEADER,
  CONSOLE_LOCALE_HEADER,
  consoleSectionAnswerSchema,
  type ConsoleActor,
  type ConsolePermission,
  type ConsoleSectionAnswer,
} from '@reelkeep/shared-contracts/console';
import { renderCampaignBannerHtml } from '../../src/rendering/campaign-banner.server.ts';
import { html, Markup } from './console-html.ts';

/**
 * A squad's console section served through its own API (docs/console.md "Squad sections"): the host keeps the
 * frame, the sign-in, the permission check and the audit write; the squad's internal route renders the section
 * and makes its changes. Until the federated `./console` modules land, the sections are listed here.
 */
export const SQUAD_SECTIONS = [
  {
    id: 'campaigns',
    path: '/console/campaigns',
    /** Where the host forwards the section's requests (the rest of the path follows). */
    api: '/api/campaign/internal/console/',
    read: { resource: 'campaign', action: 'read' },
    manage: { resource: 'campaign', action: 'manage' },
  },
] as const satisfies readonly { id: string; path: string; api: string; read: ConsolePermission; manage: ConsolePermission }[];

/** A squad's section. */
export type SquadSection = (typeof SQUAD_SECTIONS)[number];

/** The squad section a console path belongs to, and the rest of the path; undefined for any other path. */
export function findSquadSection(pathname: string): { section: SquadSection; rest: string } | undefined {
  for (const section of SQUAD_SECTIONS) {
    if (pathname === section.path) return { section, rest: '' };
    if (pathname.startsWith(`${section.path}/`)) {
      const rest = pathname.slice(section.path.length + 1);
      // Path segments a section may name: ids and actions (letters, digits, `-`), never `..` or an encoded slash.
      if (!/^[a-z0-9-]{1,40}(\/[a-z0-9-]{1,40}){0,2}$/.test(rest)) return { section, rest: '\0' };
      return { section, rest };
    }
  }
  return undefined;
}

/** Whether a section's path is a preview document (framed by the section's own page). */
export const isPreviewPath = (rest: string) => /^[a-z0-9-]+\/preview$/.test(rest);

/** Forwards one console request to the squad's section; null when the squad does not answer as the contract says. */
export async function forwardToSection(
  fetchApi: (path: string, init?: RequestInit) => Promise<Response>,
  target: { section: SquadSection; rest: string },
  request: { method: 'GET' | 'HEAD' | 'POST'; search: string; body?: string; actor: ConsoleActor; locale: Locale; clientIp: string },
): Promise<{ answer: ConsoleSectionAnswer; purgeTags: string | null } | null> {
  const response = await fetchApi(`${target.section.api}${target.rest}${request.search}`, {
    method: request.method === 'POST' ? 'POST' : 'GET',
    headers: {
      [CONSOLE_ACTOR_HEADER]: JSON.stringify(request.actor),
      [CONSOLE_LOCALE_HEADER]: request.locale,
      [CLIENT_IP_HEADER]: request.clientIp,
      ...(request.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: request.method === 'POST' ? (request.body ?? '') : undefined,
  }).catch(() => null);
  if (!response?.ok) return null;
  const parsed = consoleSectionAnswerSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? { answer: parsed.data, purgeTags: response.headers.get('x-purge-cache-tags') } : null;
}

/** docs/console.md "Campaigns and coupons": a preview may be framed by the console only, and loads the releases' styles. */
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
 * The stylesheets a preview needs, from the live releases: the shell's (the frame's banner) and the campaign
 * remote's, of its pages and of its dialogs, so the components look as visitors see them.
 */
export async function listPreviewStyles(
  live: { shell?: { version: string; dir: string }; campaign?: { version: string; dir: string } },
  assetOrigin: string,
): Promise<string[]> {
  const styles: string[] = [];
  if (live.shell) {
    const files = JSON.parse(await readFile(path.join(live.shell.dir, 'browser', 'entry-assets.json'), 'utf8')) as { styles?: string[] };
    styles.push(...(files.styles ?? []).map((file) => `${assetOrigin}/static/shell/${live.shell!.version}/${file}`));
  }
  if (live.campaign) {
    const manifest = JSON.parse(await readFile(path.join(live.campaign.dir, 'browser', 'mf-manifest.json'), 'utf8')) as FederationManifest;
    for (const expose of manifest.exposes.filter((candidate) => candidate.path === './page' || candidate.path === './dialogs')) {
      for (const file of [...expose.assets.css.sync, ...(expose.assets.css.async ?? [])])
        styles.push(`${assetOrigin}/static/mf-campaign/${live.campaign.version}/${file}`);
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
  answer: Extract<ConsoleSectionAnswer, { kind: 'preview' }>;
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
          ${PREVIEW_STYLE}
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html>`.toString();
}
