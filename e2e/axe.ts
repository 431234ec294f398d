import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe for a journey's page, for its violations: a journey asserts on nothing else.
 *
 * - `@axe-core/playwright` by default checks each frame on its own and then finishes the run in a new blank page of
 *   the context: measured on the eight pages of the axe journey (`content.spec.ts`, one worker, quiet machine,
 *   2026-11-29), 2.3–4.0 s a check against 1.3–1.8 s run in the page itself, with the same passes, violations and
 *   incomplete results. A page with no frame of its own is checked in the page; one with frames keeps the default,
 *   which also reaches frames from other origins.
 * - `resultTypes: ['violations']` (axe's documented option for speed): every rule still runs on every node, but axe
 *   builds a CSS selector only for the nodes of violations, instead of for every node that passed too. Measured on
 *   six German pages, two checks each: 1.6 s a check with every result, 1.0 s with this, the same violations.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).options({ resultTypes: ['violations'] });
}
