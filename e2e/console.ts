import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { REMOTE_NAMES } from '@reelkeep/shared-contracts';
import type { ConsoleModule } from '@reelkeep/shared-contracts/console';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { computeTotp } from '../mf-account/server/testing/totp.ts';
import { CONSOLE_SECTIONS } from '../shell/server/console/console-pages.ts';
import { sectionPath, squadOfApp } from '../shell/server/console/console-sections.ts';
import { HOST_OPERATOR_ROUTES } from '../shell/server/admin/operator-routes.ts';
import { adminReleasesAnswerSchema } from './operator-answers.ts';
import { E2E_CONSOLE_PASSWORD, E2E_OWNER_KEY } from './test-site.ts';

/**
 * The console as the journeys use it (docs/console.md): signing in with two-factor sign-in, reading the audit log,
 * and the console's route tables (the shell's sections, the squads' `./console` sections, the host's and the
 * squads' operator API routes), read from the code that serves them, never listed by hand.
 */

const ROOT_DIR = path.resolve(import.meta.dirname, '..');

/** A console route to try: a page or action of a section, or an operator API route. */
export interface ConsoleRoute {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

/**
 * A first sign-in to the console: the password, then the enrolment (the key read as an app would), then a code.
 * Answers the `otpauth://` address, as the operator's app keeps it.
 */
export async function signInAndEnrol(page: Page, email: string, password = E2E_CONSOLE_PASSWORD): Promise<string> {
  await page.goto('/console/sign-in');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form[action="/console/sign-in"] button[type=submit]').click();
  await expect(page).toHaveURL(/\/console\/enrol$/);
  await enrol(page, password);
  return enrolled.get(page)!;
}

const enrolled = new WeakMap<Page, string>();

/** The enrolment page, already open: the password again, the key, a first code. */
export async function enrol(page: Page, password = E2E_CONSOLE_PASSWORD): Promise<void> {
  await page.locator('#password').fill(password);
  await page.locator('form[action="/console/enrol"] button[type=submit]').click();
  const uri = (await page.locator('details code').textContent())!.trim();
  enrolled.set(page, uri);
  await page.locator('#code').fill(computeTotp(uri));
  await page.locator('form[action="/console/enrol/confirm"] button[type=submit]').click();
  await expect(page).toHaveURL(/\/console\/[a-z-]+\?done=enrolled$/);
}

/** A later sign-in of an enrolled operator: the password, then a code from the app. */
export async function signInWithCode(page: Page, email: string, otpauthUri: string, password = E2E_CONSOLE_PASSWORD): Promise<void> {
  await page.goto('/console/sign-in');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('form[action="/console/sign-in"] button[type=submit]').click();
  await expect(page).toHaveURL(/\/console\/sign-in\/code$/);
  await page.locator('#code').fill(computeTotp(otpauthUri));
  await page.locator('form[action="/console/sign-in/code"] button[type=submit]').click();
  await expect(page).toHaveURL(/\/console\/[a-z-]+(\/[a-z-]+)?$/);
}

/**
 * Asserts an entry of the audit log (docs/console.md "Audit log") on the console's Audit page, as the operator of the
 * page given reads it (every role may): searched by `q` (an address, an action or a target), the newest entry of
 * that action holding every text given (before, after, target) names the actor.
 */
export async function expectAudited(page: Page, entry: { action: string; q: string; actor: string; holds?: string[] }): Promise<void> {
  await page.goto(`/console/audit?${new URLSearchParams({ q: entry.q })}`);
  let rows = page.locator('tbody tr').filter({ has: page.locator('code', { hasText: new RegExp(`^${entry.action.replace(/\./g, '\\.')}$`) }) });
  for (const text of entry.holds ?? []) rows = rows.filter({ hasText: text });
  await expect(rows.first(), `${entry.action} (${entry.q}) ${(entry.holds ?? []).join(' ')}`).toContainText(entry.actor);
}

/**
 * A console page at a desktop's and a phone's width, in English and French: screenshots in the test's output folder
 * (looked at by the engineer) and axe at both widths in English. The page is left in English at the desktop's width.
 */
export async function lookAt(page: Page, address: string, name: string, testInfo: TestInfo): Promise<void> {
  const inLocale = (locale: string) => `${address}${address.includes('?') ? '&' : '?'}lang=${locale}`;
  for (const locale of ['fr', 'en']) {
    await page.goto(inLocale(locale));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`${name}-${locale}-${width}.png`), fullPage: true });
      // axe in English only: the markup is the same in every language, the French pictures are for the longer words.
      if (locale !== 'en') continue;
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map(
          (violation) => `${name} ${locale}@${width} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Every page (GET) and action (POST) of the console's sections: the shell's table and each remote's `./console` module. */
export async function listConsoleSectionRoutes(): Promise<ConsoleRoute[]> {
  const routes: ConsoleRoute[] = [
    { method: 'GET', path: '/console' },
    ...CONSOLE_SECTIONS.map((section) => ({ method: 'GET' as const, path: section.path })),
  ];
  for (const app of REMOTE_NAMES) {
    const squad = squadOfApp(app);
    // The module a release exposes as `./console` (the app's `BUILD.serverExposes`, as its build reads it).
    const { BUILD } = (await import(path.join(ROOT_DIR, app, 'rspack.config.ts'))) as { BUILD: { serverExposes?: Record<string, string> } };
    const entry = BUILD.serverExposes?.['./console'];
    if (!squad || !entry) continue;
    const module = ((await import(path.join(ROOT_DIR, app, entry))) as { default: ConsoleModule }).default;
    for (const section of module.sections) {
      const base = sectionPath(squad, section);
      for (const page of section.pages) routes.push({ method: 'GET', path: page.path ? `${base}/${page.path}` : base });
      for (const action of section.actions) routes.push({ method: 'POST', path: `${base}/${action.path}` });
    }
  }
  return routes;
}

/** Every operator API route of the live site: the host's table and the squads' `/api/<squad>/admin/…` routes it serves. */
export async function listOperatorApiRoutes(site: string): Promise<ConsoleRoute[]> {
  const answer = await fetch(`${site}/admin/releases`, { headers: { authorization: `Bearer ${E2E_OWNER_KEY}` } });
  const { apis } = adminReleasesAnswerSchema.parse(await answer.json());
  const squadRoutes = apis.flatMap((api) =>
    (api.routes ?? [])
      .filter((route) => /^\/api\/[a-z]+\/admin\//.test(route.path))
      // A route answering a whole subtree (`…/campaigns/`) is tried at a path inside it.
      .map((route) => ({ method: route.method, path: route.path.endsWith('/') ? `${route.path}e2e-route` : route.path })),
  );
  expect(squadRoutes.length, 'the squads serve operator routes').toBeGreaterThan(3);
  return [...HOST_OPERATOR_ROUTES.map(({ method, path: routePath }) => ({ method, path: routePath })), ...squadRoutes];
}
