import { type Translate as TranslateFunction } from '@reelkeep/shared-contracts';
import { canRole, CONSOLE_ROLES, type ConsoleActor, type ConsolePermission } from '@reelkeep/shared-contracts/console';
import { html, type Markup } from './console-html.ts';
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
] as const satisfies readonly { id: string; path: string; permission: ConsolePermission }[];

/** A section of the console. */
export type ConsoleSectionId = (typeof CONSOLE_SECTIONS)[number]['id'];

/** The sections a role may open, in navigation order (the browser is shown only these; the server refuses the rest). */
export function listVisibleSections(role: string | null | undefined) {
  return CONSOLE_SECTIONS.filter((section) => canRole(role, section.permission));
}

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.5;color:#1a1a2e;background:#f6f7fb}
body{margin:0}a{color:#1d4ed8}.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px}
header{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;padding:12px 20px;background:#1a1a2e;color:#fff}
header a{color:#fff}header form{margin:0}nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;margin:0;padding:0}
nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
main{max-width:1100px;margin:0 auto;padding:20px}section{background:#fff;border:1px solid #d8dbe6;border-radius:8px;padding:16px;margin:0 0 20px}
table{border-collapse:collapse;width:100%;font-size:.95rem}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e4e6ee;vertical-align:top}
label{display:block;font-weight:600;margin:8px 0 4px}input,select{font:inherit;padding:6px 8px;border:1px solid #6b7280;border-radius:4px;max-width:100%}
button{font:inherit;padding:6px 14px;border-radius:4px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}header button{background:transparent;border-color:#fff;color:#fff}
.notice{padding:10px 14px;border-radius:6px;background:#e7f5ec;border:1px solid #2f855a}.problem{background:#fdecec;border-color:#c53030}
pre{white-space:pre-wrap;word-break:break-word;background:#f3f4f8;padding:12px;border-radius:6px}pre,td code{overflow-wrap:anywhere}td code{word-break:normal}
.scroll{overflow-x:auto}.scroll:focus{outline:2px solid #1d4ed8}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:end}
.hint{margin:4px 0;color:#4b5563;font-size:.9rem}label.inline{display:inline;font-weight:400}fieldset{border:1px solid #d8dbe6;border-radius:6px;margin:12px 0}
figure.preview{margin:12px 0}figure.preview iframe{display:block;width:100%;border:1px solid #d8dbe6;border-radius:6px;background:#fff}
.preview-banner{height:150px}.preview-modal{height:680px}.preview-events{height:560px}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dd{margin:0}${SECTION_STYLE}`;

/** What every console page knows. */
export interface ConsoleFrame {
  t: TranslateFunction;
  locale: string;
  nonce: string;
  actor?: ConsoleActor;
  /** The section shown: a shell section's id, or a squad section's path. */
  current?: ConsoleSectionId | string;
  /** The squads' sections the role may open (docs/console.md "Squad sections"), after the shell's. */
  squadSections?: readonly { path: string; label: string }[];
  /** A result of the last action (`done`) or a refusal (`problem`), by key of the `console` namespace. */
  notice?: { kind: 'done' | 'problem'; key: string };
}

/** A whole console document: the shell's frame (header, navigation, sign-out) around a section's content. */
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
  return html`<!doctype html>
    <html lang="${frame.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title} · ${t('title')}</title>
        <style nonce="${frame.nonce}">
          ${STYLE}
        </style>
      </head>
      <body>
        <a class="skip" href="#main">${t('skip')}</a>
        <header>
          <strong>${t('title')}</strong>${
            sections.length > 0
              ? html`<nav aria-label="${t('navigation')}">
                  <ul>
                    ${sections.map(
                      (section) =>
                        html`<li>
                          <a href="${section.path}" ${section.current ? html` aria-current="page"` : ''}>${section.label}</a>
                        </li>`,
                    )}
                  </ul>
                </nav>`
              : ''
          }${
            actor
              ? html`<form method="post" action="/console/sign-out">
                  <span>${t('signedInAs', { email: actor.email, role: t(`roles.${actor.role}`) })}</span>
                  <button type="submit">${t('signOut')}</button>
                </form>`
              : ''
          }
        </header>
        <main id="main">
          <h1>${title}</h1>
          ${notice}${content}
        </main>
      </body>
    </html>`.toString();
}

/** The sign-in form, step one (address and password) or two (the code). */
export function renderSignIn(t: TranslateFunction, step: 'password' | 'code'): Markup {
  if (step === 'code')
    return html`<section>
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
