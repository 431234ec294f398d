import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALE_NATIVE_NAMES, LOCALES, type Locale, type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { canRole, CONSOLE_ROLES, type ConsoleActor, type ConsolePermission } from '@reelkeep/shared-contracts/console';
import { html, styleSheet, type Markup } from './console-html.ts';
import { SECTION_STYLE } from './console-section-style.ts';

/** docs/console.md "Sections": the shell's sections, each behind the permission that reads it. */
export const CONSOLE_SECTIONS = [
  { id: 'releases', path: '/console/releases', permission: { resource: 'release', action: 'read' } },
  { id: 'experiments', path: '/console/experiments', permission: { resource: 'experiment', action: 'read' } },
  { id: 'push', path: '/console/push', permission: { resource: 'push', action: 'read' } },
  { id: 'cache', path: '/console/cache', permission: { resource: 'cache', action: 'read' } },
  { id: 'mailbox', path: '/console/mailbox', permission: { resource: 'mail', action: 'read' } },
  { id: 'audit', path: '/console/audit', permission: { resource: 'audit', action: 'read' } },
  { id: 'people', path: '/console/people', permission: { resource: 'role', action: 'read' } },
  { id: 'api-keys', path: '/console/api-keys', permission: { resource: 'api-key', action: 'read' } },
] as const satisfies readonly { id: string; path: string; permission: ConsolePermission }[];

/** A section of the console. */
export type ConsoleSectionId = (typeof CONSOLE_SECTIONS)[number]['id'];

/** The sections a role may open, in navigation order (the browser is shown only these; the server refuses the rest). */
export function listVisibleSections(role: string | null | undefined) {
  return CONSOLE_SECTIONS.filter((section) => canRole(role, section.permission));
}

/**
 * docs/console.md "Looks": the site's design tokens (the `:root` block of the shell's stylesheet, read once, so the
 * console follows a change of the brand), then the console's own operator layout: a top bar with the signed-in
 * person and role, a sidebar of sections (a row of tabs on a phone), cards, and tables with clear headings.
 */
const FRAME_CSS = readFileSync(path.resolve(import.meta.dirname, '../../src/app/frame.css'), 'utf8');
const DESIGN_TOKENS = /:root\s*\{[^}]*\}/.exec(FRAME_CSS)?.[0];
if (!DESIGN_TOKENS) throw new Error('shell/src/app/frame.css has no :root design tokens');

// Chromium on Linux resolves system-ui (and names it lacks, through fontconfig) to the desktop's default, a serif
// face on a machine without a desktop: the console's text skips system-ui and asks for Arial (Liberation Sans) before
// the brand stack's other faces, so it is sans-serif everywhere.
const CONSOLE_FONT = /--rk-font:\s*([^;]+);/
  .exec(DESIGN_TOKENS)![1]!
  .replace(/system-ui,\s*/, '')
  .replace(/-apple-system,/, "-apple-system, 'Segoe UI', Arial, 'Liberation Sans',");

const STYLE = `${DESIGN_TOKENS}
:root{--console-font:${CONSOLE_FONT}}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:var(--console-font);font-size:var(--rk-text-md);line-height:1.5;color:var(--rk-ink);background:var(--rk-surface)}
a{color:var(--rk-accent-ink)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible,.scroll:focus-visible{outline:3px solid var(--rk-accent);outline-offset:2px}
.skip{position:absolute;left:-9999px}.skip:focus{left:16px;top:12px;z-index:10;background:#fff;padding:8px 12px;border-radius:var(--rk-radius)}
.topbar{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;padding:10px 24px;background:var(--rk-footer-bg);color:#fff}
.brand{display:flex;align-items:center;gap:10px;color:#fff;text-decoration:none;font-weight:700;font-size:var(--rk-text-lg)}
.brand-mark{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:8px;background:var(--rk-accent);font-size:var(--rk-text-md)}
.brand-sub{font-weight:500;color:var(--rk-footer-text)}
.who{display:flex;flex-wrap:wrap;align-items:center;gap:8px 12px;margin:0;font-size:var(--rk-text-sm)}
.who-email{color:#fff;overflow-wrap:anywhere}
.who .badge{background:var(--rk-accent-soft);color:var(--rk-accent-ink)}
.who button{background:transparent;border-color:var(--rk-footer-text);color:#fff;padding:4px 12px}
.layout{display:grid;grid-template-columns:232px minmax(0,1fr);min-height:calc(100vh - 56px)}
.sidebar{background:#fff;border-right:1px solid var(--rk-border);padding:20px 12px}
.sidebar h2{margin:0 12px 8px;font-size:12px;letter-spacing:.06em;text-transform:uppercase;color:var(--rk-muted)}
.sidebar ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:2px}
.sidebar a{display:block;padding:8px 12px;border-radius:8px;color:var(--rk-ink-soft);text-decoration:none;font-weight:500}
.sidebar a:hover{background:var(--rk-surface);color:var(--rk-ink)}
.sidebar a[aria-current=page]{background:var(--rk-accent-soft);color:var(--rk-accent-ink);font-weight:700}
main{padding:28px 32px 48px;max-width:1200px;width:100%}
main>h1{margin:0 0 20px;font-size:var(--rk-text-xl);line-height:1.2;overflow-wrap:anywhere}
h2{font-size:var(--rk-text-lg);margin:0 0 12px;overflow-wrap:anywhere}
.card,main>section,.section>section,.section>form{background:#fff;border:1px solid var(--rk-border);border-radius:var(--rk-radius-lg);padding:20px 24px;margin:0 0 20px;box-shadow:0 1px 2px rgba(15,23,42,.04)}
main>section>:first-child,.section>section>:first-child,.card>:first-child{margin-top:0}main>section>:last-child,.section>section>:last-child,.card>:last-child{margin-bottom:0}
.muted{color:var(--rk-muted)}
table{border-collapse:collapse;width:100%;font-size:var(--rk-text-sm)}
th,td{text-align:left;padding:10px 12px;border-bottom:1px solid var(--rk-border);vertical-align:top}
thead th{background:var(--rk-surface);color:var(--rk-ink-soft);font-weight:600;white-space:nowrap;border-bottom:2px solid var(--rk-border)}
tbody th{font-weight:600}
tbody tr:hover{background:#fbfbfe}
.scroll{position:relative;overflow-x:auto;border:1px solid var(--rk-border);border-radius:var(--rk-radius)}
.scroll table{min-width:560px}
.scroll td>code:only-child:not(.json),.scroll th>code:only-child{overflow-wrap:normal;white-space:nowrap}
.scroll td:first-child,time{white-space:nowrap}form+.scroll{margin-top:16px}.scroll code.json{display:block;min-width:14rem}
.scroll tr:last-child>*{border-bottom:0}
label{display:block;font-weight:600;font-size:var(--rk-text-sm);margin:0 0 4px;color:var(--rk-ink-soft)}
input,select{font:inherit;padding:8px 10px;border:1px solid #94a3b8;border-radius:8px;background:#fff;color:var(--rk-ink);max-width:100%;min-height:40px}
input[type=checkbox],input[type=radio]{min-height:0;width:18px;height:18px;padding:0;margin:0 8px 0 0;vertical-align:-3px;accent-color:var(--rk-accent-ink)}
form p{margin:16px 0 0}.section form>div:not(.row){margin:0 0 14px}
form>label{margin-top:12px}
button{font:inherit;font-weight:600;min-height:40px;padding:8px 16px;border-radius:8px;border:1px solid var(--rk-accent-ink);background:var(--rk-accent-ink);color:#fff;cursor:pointer}
button:hover{background:var(--rk-accent)}
button.secondary{background:#fff;color:var(--rk-accent-ink)}
button.danger{background:#fff;color:#b42318;border-color:#b42318;min-height:32px;padding:4px 12px;font-size:var(--rk-text-sm)}
.row{display:flex;flex-wrap:wrap;gap:12px;align-items:end}.row>*{max-width:100%}
.inline{display:inline-block;margin:4px 0 0}
.badge{display:inline-block;padding:2px 10px;border-radius:999px;font-size:12px;font-weight:600;background:var(--rk-surface);color:var(--rk-ink-soft);border:1px solid var(--rk-border)}
.badge.on{background:#e7f6ee;color:var(--rk-success);border-color:#b7e4cb}
.badge.off{background:#fdecec;color:#b42318;border-color:#f5c2c0}
.notice{padding:12px 16px;border-radius:var(--rk-radius);background:#e7f6ee;border:1px solid #b7e4cb;color:#064e2b;margin:0 0 20px}
.notice.problem{background:#fdecec;border-color:#f5c2c0;color:#7a1a12}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;overflow-wrap:anywhere}
code.secret{display:block;padding:12px 14px;background:var(--rk-surface);border:1px dashed var(--rk-accent);border-radius:8px;font-size:var(--rk-text-md);word-break:break-all}
pre{white-space:pre-wrap;word-break:break-word;background:var(--rk-surface);border:1px solid var(--rk-border);padding:16px;border-radius:var(--rk-radius);font-size:var(--rk-text-sm)}
.signin{max-width:440px;margin:48px auto}
.languages{padding:16px 24px;border-top:1px solid var(--rk-border);background:#fff;font-size:var(--rk-text-sm)}
.languages ul{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;margin:0;padding:0}
.languages a[aria-current=true]{font-weight:700;color:var(--rk-ink)}
.hint{margin:4px 0;color:var(--rk-muted);font-size:var(--rk-text-sm)}label.inline{display:inline;font-weight:400}fieldset{border:1px solid var(--rk-border);border-radius:var(--rk-radius);margin:12px 0}
figure.preview{margin:12px 0}figure.preview iframe{display:block;width:100%;border:1px solid var(--rk-border);border-radius:var(--rk-radius);background:#fff}
.preview-banner{height:150px}.preview-modal{height:680px}.preview-events{height:560px}dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:4px 16px}dd{margin:0;min-width:0;overflow-wrap:anywhere}
${SECTION_STYLE}
@media (max-width:820px){
.topbar{padding:10px 16px}
.layout{grid-template-columns:minmax(0,1fr);align-content:start}
.sidebar{border-right:0;border-bottom:1px solid var(--rk-border);padding:8px 12px}
.sidebar h2{position:absolute;left:-9999px}
.sidebar ul{flex-direction:row;overflow-x:auto;gap:4px}
.sidebar a{white-space:nowrap}
main{padding:20px 16px 40px}
.card,main>section,.section>section,.section>form{padding:16px}
}`;

/** What every console page knows. */
export interface ConsoleFrame {
  t: TranslateFunction;
  locale: Locale;
  nonce: string;
  actor?: ConsoleActor;
  /** The section shown: a shell section's id, or a squad section's path. */
  current?: ConsoleSectionId | string;
  /** The squads' sections the role may open (docs/console.md "Squad sections"), after the shell's. */
  squadSections?: readonly { path: string; label: string }[];
  /** The page's path, for the language links (`?lang=` keeps the visitor on it). */
  path?: string;
  /** A result of the last action (`done`) or a refusal (`problem`), by key of the `console` namespace. */
  notice?: { kind: 'done' | 'problem'; key: string };
}

/** A whole console document: the shell's frame (top bar, sidebar by role, language links) around a section's content. */
export function renderConsoleDocument(frame: ConsoleFrame, title: string, content: Markup): string {
  const { t, actor } = frame;
  const sections = [
    ...(actor ? listVisibleSections(actor.role) : []).map((section) => ({
      path: section.path,
      label: t(`sections.${section.id}`),
      current: section.id === frame.current,
    })),
    ...(actor ? (frame.squadSections ?? []) : []).map((section) => ({ ...section, current: section.path === frame.current })),
  ];
  const notice = frame.notice
    ? html`<p class="notice${frame.notice.kind === 'problem' ? ' problem' : ''}" role="${frame.notice.kind === 'problem' ? 'alert' : 'status'}">
        ${t(`${frame.notice.kind === 'problem' ? 'problems' : 'done'}.${frame.notice.key}`)}
      </p>`
    : '';
  const body = html`<main id="main" class="${sections.length === 0 ? 'signin' : ''}">
    <h1>${title}</h1>
    ${notice}${content}
  </main>`;
  return html`<!doctype html>
    <html lang="${frame.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title} · ${t('title')}</title>
        <style nonce="${frame.nonce}">
          ${styleSheet(STYLE)}
        </style>
      </head>
      <body>
        <a class="skip" href="#main">${t('skip')}</a>
        <header class="topbar">
          <a class="brand" href="/console"
            ><span class="brand-mark" aria-hidden="true">R</span><span>${t('brand')}</span><span class="brand-sub">${t('brandSub')}</span></a
          >
          ${
            actor
              ? html`<form method="post" action="/console/sign-out" class="who">
                  <span class="who-email">${actor.email}</span>
                  <span class="badge">${t(`roles.${actor.role}`)}</span>
                  <button type="submit">${t('signOut')}</button>
                </form>`
              : ''
          }
        </header>
        ${
          sections.length > 0
            ? html`<div class="layout">
                <nav class="sidebar" aria-labelledby="nav-heading">
                  <h2 id="nav-heading">${t('navigation')}</h2>
                  <ul>
                    ${sections.map(
                      (section) =>
                        html`<li>
                          <a href="${section.path}" ${section.current ? html` aria-current="page"` : ''}>${section.label}</a>
                        </li>`,
                    )}
                  </ul>
                </nav>
                ${body}
              </div>`
            : body
        }
        <footer class="languages">
          <nav aria-label="${t('language')}">
            <ul>
              ${LOCALES.map(
                (locale) =>
                  html`<li>
                    <a
                      href="${frame.path ?? '/console'}?lang=${locale}"
                      lang="${locale}"
                      hreflang="${locale}"
                      ${locale === frame.locale ? html` aria-current="true"` : ''}
                      >${LOCALE_NATIVE_NAMES[locale]}</a
                    >
                  </li>`,
              )}
            </ul>
          </nav>
        </footer>
      </body>
    </html>`.toString();
}

/** The sign-in form, step one (address and password) or two (the code). */
export function renderSignIn(t: TranslateFunction, step: 'password' | 'code'): Markup {
  if (step === 'code')
    return html`<section class="card">
      <p>${t('signIn.codeIntro')}</p>
      <form method="post" action="/console/sign-in/code">
        <label for="code">${t('signIn.code')}</label
        ><input id="code" name="code" autocomplete="one-time-code" inputmode="text" required maxlength="32" />
        <p><button type="submit">${t('signIn.verify')}</button></p>
      </form>
    </section>`;
  return html`<section>
    <p>${t('signIn.intro')}</p>
    <form method="post" action="/console/sign-in">
      <label for="email">${t('signIn.email')}</label><input id="email" name="email" type="email" autocomplete="username" required maxlength="320" />
      <label for="password">${t('signIn.password')}</label
      ><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="50" />
      <p><button type="submit">${t('signIn.submit')}</button></p>
    </form>
  </section>`;
}

/** Enrolment, step one: the password again. */
export function renderEnrolStart(t: TranslateFunction): Markup {
  return html`<section>
    <p>${t('enrol.intro')}</p>
    <form method="post" action="/console/enrol">
      <label for="password">${t('signIn.password')}</label
      ><input id="password" name="password" type="password" autocomplete="current-password" required maxlength="50" />
      <p><button type="submit">${t('enrol.start')}</button></p>
    </form>
  </section>`;
}

/** Enrolment, step two: the secret for the authenticator, the backup codes (shown once) and the first code. */
export function renderEnrolSecret(t: TranslateFunction, totpUri: string, backupCodes: readonly string[]): Markup {
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  return html`<section>
      <h2>${t('enrol.secretHeading')}</h2>
      <p>${t('enrol.secretIntro')}</p>
      <p><code>${secret}</code></p>
      <details>
        <summary>${t('enrol.uri')}</summary>
        <p><code>${totpUri}</code></p>
      </details>
    </section>
    <section>
      <h2>${t('enrol.backupHeading')}</h2>
      <p>${t('enrol.backupIntro')}</p>
      <ul>
        ${backupCodes.map((code) => html`<li><code>${code}</code></li>`)}
      </ul>
    </section>
    <section>
      <form method="post" action="/console/enrol/confirm">
        <label for="code">${t('enrol.code')}</label>
        <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required maxlength="6" />
        <p><button type="submit">${t('enrol.confirm')}</button></p>
      </form>
    </section>`;
}

/** The page of a refusal: what is missing, and a way out. */
export function renderRefusal(t: TranslateFunction, reason: 'forbidden' | 'signed-out'): Markup {
  return html`<section>
    <p>${t(`refused.${reason}`)}</p>
    <p><a href="/">${t('refused.home')}</a></p>
  </section>`;
}

/** The role picker of the People section (`""` takes the role away). */
export function renderRoleOptions(t: TranslateFunction): Markup {
  return html`<option value="">${t('people.noRole')}</option>
    ${CONSOLE_ROLES.map((role) => html`<option value="${role}">${t(`roles.${role}`)}</option>`)}`;
}
