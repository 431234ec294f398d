import type { Locator, Page } from '@playwright/test';
import { collectBrowserErrors, expect, readText, test } from '../fixtures.ts';
import { AFTER_THE_START_IDLE_TIMEOUT_MS, QUIET_AFTER_LOAD_MS } from '../../shell/src/after-the-start.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts';

/**
 * docs/frame.md "Prompts": a first visit's first 20 s, on the page's own clock (Playwright's `page.clock`, so no
 * real waiting): the consent card first, then the coupon modal (desktop) 5 s after it is answered, then the push
 * offer 7 s after that, then the bottom-left ad (desktop); never two at once, none over an open menu, and at 390 px
 * nothing over the consent card's text and buttons.
 */

// A first visit: no consent answer (the journeys' usual storage state answers it), no campaign dialog closed.
test.use({ storageState: { cookies: [], origins: [] }, campaignDialogs: true });
// The full browser: the push offer asks only where notifications can still be allowed, and the headless shell the
// other journeys run in answers every site `Notification.permission === 'denied'` (e2e/chromium.ts).
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } });

type PromptRecord = { at: number; on: string[] };
type Recorder = { start: number; hydratedAt: number | null; records: PromptRecord[] };
const COUPON_MODAL_DELAY_MS = 5000;
const PUSH_DELAY_MS = 7000;
const FIRST_VISIT_MS = 20_000;
/** docs/routing.md "After the start": the prompts' owners load 3 s after the load event and an idle moment (1 s at most) on a page nobody touches. */
const END_OF_THE_START_MS = QUIET_AFTER_LOAD_MS + AFTER_THE_START_IDLE_TIMEOUT_MS;

/** Records, on the page's clock, the moment of hydration and every change of the set of prompts on screen. */
function recordPrompts(): void {
  const recorder: Recorder = { start: Date.now(), hydratedAt: null, records: [] };
  (window as unknown as { rkPrompts: Recorder }).rkPrompts = recorder;
  const isShown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  let last = '';
  const check = () => {
    if (recorder.hydratedAt === null && document.documentElement.dataset.hydrated === 'true') recorder.hydratedAt = Date.now() - recorder.start;
    const shown = [...document.querySelectorAll<HTMLElement>('[data-prompt]')].filter(isShown);
    const key = shown.map((element) => element.dataset.prompt).join();
    if (key === last) return;
    last = key;
    recorder.records.push({ at: Date.now() - recorder.start, on: shown.map((element) => element.dataset.prompt!) });
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

const readRecorder = (page: Page) => page.evaluate(() => (window as unknown as { rkPrompts: Recorder }).rkPrompts);

/** Points of the element's controls and text that must be the element's own (nothing drawn over them). */
async function expectUncovered(target: Locator, what: string): Promise<void> {
  const covered = await target.evaluate((element) => {
    const parts = [element, ...element.querySelectorAll('button, a, p, h2, summary, li')];
    const misses: string[] = [];
    for (const part of parts) {
      const box = part.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) continue;
      const x = Math.min(box.left + box.width / 2, window.innerWidth - 1);
      const y = Math.min(box.top + box.height / 2, window.innerHeight - 1);
      const hit = document.elementFromPoint(x, y);
      if (hit && !element.contains(hit)) misses.push(`${part.tagName} under ${hit.tagName}.${hit.className}`);
    }
    return misses;
  });
  expect(covered, `${what} is covered`).toEqual([]);
}

/** Runs the page's clock by `ms`, firing the timers due on the way. */
async function advance(page: Page, ms: number): Promise<void> {
  await page.clock.runFor(ms);
}

/** The moment (ms since the page started, page clock) the prompt `id` appeared alone on screen. */
function appearedAt(records: PromptRecord[], id: string): number | undefined {
  return records.find((record) => record.on.length === 1 && record.on[0] === id)?.at;
}

const CASES = [
  { width: 1280, locale: 'en', path: '/' },
  { width: 1280, locale: 'de', path: '/de/netflix-downloader' },
  { width: 390, locale: 'en', path: '/netflix-downloader' },
  { width: 390, locale: 'de', path: '/de/' },
] as const;

for (const { width, locale, path } of CASES) {
  const desktop = width >= 900;
  test(`${locale}, ${width} px, first visit to ${path}: one prompt at a time, each at its spec time, none over an open menu`, async ({
    page,
    context,
  }) => {
    const t = (namespace: string, key: string) => readText(locale, namespace, key);
    await page.setViewportSize({ width, height: 800 });
    await page.clock.install();
    await context.addInitScript(recordPrompts);
    const errors = collectBrowserErrors(page);

    // Server rendering: the first visit's HTML carries no prompt at all (they open in the browser, one at a time).
    const html = await (await page.request.get(path, { headers: { cookie: '' } })).text();
    expect(html.match(/data-prompt=/g) ?? []).toEqual([]);

    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    // The page's clock stands still from here: it moves only when the journey says.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1500);
    const pausedAt = await page.evaluate(() => Date.now() - (window as unknown as { rkPrompts: Recorder }).rkPrompts.start);
    // The prompts' owners load once the start is over: nobody touches the page, so 3 s after its load and an idle moment.
    await advance(page, END_OF_THE_START_MS);
    // Their code comes over the network in real time while the page's clock stands still, and React reveals what
    // loaded on the page's timers: the clock moves on in small steps until the dialogs are ready and the card is up.
    const consent = page.getByTestId('consent-banner');
    await expect
      .poll(
        async () => {
          await advance(page, 100);
          return (await page.locator('html').getAttribute('data-campaign-dialogs')) === 'ready' && (await consent.isVisible());
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const ownersReadyAt = await page.evaluate(() => Date.now() - (window as unknown as { rkPrompts: Recorder }).rkPrompts.start);

    // 1. Consent first, alone, styled: its stylesheet is not in the document, it comes with the card's chunk
    // (docs/routing.md "Starting in the browser").
    await expect(consent).toBeVisible();
    await expect(consent).toHaveCSS('position', 'fixed');
    await expectUncovered(consent, 'the consent card');
    await page.mouse.wheel(0, 600);
    await expectUncovered(consent, 'the consent card, page scrolled');
    await advance(page, 9000);
    await expect(page.locator('[data-prompt]')).toHaveCount(1);

    // A menu opened over the card: the card steps aside, and comes back when the menu closes.
    const menuButton = desktop
      ? page.getByRole('button', { name: t('common', 'nav.services') })
      : page.getByRole('button', { name: t('common', 'nav.menu') });
    await menuButton.click();
    await expect(consent).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(consent).toBeVisible();
    await consent.getByRole('button', { name: t('common', 'consent.decline') }).click();
    await expect(consent).toBeHidden();

    // 2. Desktop: the coupon modal, 5 s after the consent card is gone.
    if (desktop) {
      await advance(page, COUPON_MODAL_DELAY_MS - 1);
      await expect(page.locator('[data-prompt]')).toHaveCount(0);
      await advance(page, 1);
      const modal = page.getByRole('dialog', { name: t('campaign', 'dialogs.coupon_heading') });
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: t('common', 'dialog.close') }).click();
      await expect(modal).toBeHidden();
    }

    // 3. The push offer, 7 s after the prompt before it is gone.
    const push = page.getByTestId('push-prompt');
    await advance(page, PUSH_DELAY_MS - 1);
    await expect(page.locator('[data-prompt]')).toHaveCount(0);
    await advance(page, 1);
    await expect(push).toBeVisible();
    await expectUncovered(push, 'the push offer');
    await menuButton.click();
    await expect(push).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(push).toBeVisible();
    await push.getByRole('button', { name: t('common', 'push_prompt.decline') }).click();
    await expect(push).toBeHidden();

    // 4. Desktop: the bottom-left ad last; never over the open "Supported sites" menu.
    if (desktop) {
      const ad = page.getByTestId('campaign-bottom-ad');
      await expect(ad).toBeVisible();
      await menuButton.click();
      await expect(ad).toBeHidden();
      await expectUncovered(page.locator('#site-navigation li[data-open="true"] > div'), 'the open "Supported sites" menu');
      await page.keyboard.press('Escape');
      await expect(ad).toBeVisible();
    }

    // The rest of the first 20 s brings nothing more.
    const { records } = await readRecorder(page);
    const elapsed = records.at(-1)!.at;
    if (elapsed < FIRST_VISIT_MS) await advance(page, FIRST_VISIT_MS - elapsed);
    const final = await readRecorder(page);
    expect(final.records.filter((record) => record.on.length > 1)).toEqual([]);
    const order = final.records.flatMap((record) => record.on).filter((id, index, all) => all.indexOf(id) === index);
    expect(order).toEqual(desktop ? ['consent-card', 'campaign-modal', 'push-offer', 'bottom-ad'] : ['consent-card', 'push-offer']);
    // Each at its spec time, counted from when the one before it was gone.
    // The consent card as soon as the tracker is in: at the end of the start (the load event came before the clock stopped),
    // and never later than the moment its owner's code was seen in place.
    expect(appearedAt(final.records, 'consent-card')).toBeGreaterThan(pausedAt);
    expect(appearedAt(final.records, 'consent-card')).toBeLessThanOrEqual(ownersReadyAt);
    if (desktop) {
      expect(appearedAt(final.records, 'campaign-modal')! - lastGone(final.records, 'consent-card')).toBe(COUPON_MODAL_DELAY_MS);
      expect(appearedAt(final.records, 'push-offer')! - lastGone(final.records, 'campaign-modal')).toBe(PUSH_DELAY_MS);
      expect(firstAfter(final.records, 'bottom-ad', lastGone(final.records, 'push-offer'))).toBe(lastGone(final.records, 'push-offer'));
    } else {
      expect(appearedAt(final.records, 'push-offer')! - lastGone(final.records, 'consent-card')).toBe(PUSH_DELAY_MS);
    }
    expect(errors).toEqual([]);
  });
}

/** The moment the prompt `id` left the screen for the last time. */
function lastGone(records: PromptRecord[], id: string): number {
  let gone = -1;
  records.forEach((record, index) => {
    if (index > 0 && records[index - 1]!.on.includes(id) && !record.on.includes(id)) gone = record.at;
  });
  return gone;
}
/** The first moment at or after `from` the prompt `id` was on screen. */
function firstAfter(records: PromptRecord[], id: string, from: number): number | undefined {
  return records.find((record) => record.at >= from && record.on.includes(id))?.at;
}
