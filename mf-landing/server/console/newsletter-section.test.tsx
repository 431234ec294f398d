import { describe, expect, it } from '@jest/globals';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { answerJson, createTestSectionContext } from '@reelkeep/shared-contracts/testing/console';
import { newsletterSection } from './newsletter-section.tsx';

const BASE_PATH = '/console/landing/newsletter';
const SUPPORT = { id: 'u3', email: 'agent@example.com', role: 'support' } as const;
const confirmPage = newsletterSection.pages.find((page) => page.path === 'unsubscribe')!;
const contextOf = (reply: () => Response) => createTestSectionContext(reply, { actor: SUPPORT, locale: 'fr', basePath: BASE_PATH });

describe("the Newsletter section's confirmation", () => {
  it('answers the console’s one not-found page, with a link back to the list, for an address no longer on it', async () => {
    const { context, calls } = contextOf(() => answerJson({ error: 'not_found' }, 404));
    const answer = await confirmPage.render(context, confirmPage.query.parse({ id: '42' }) as never);
    expect(calls.map((call) => call.path)).toEqual(['/api/site/internal/newsletter/subscriber?id=42']);
    expect(answer).toMatchObject({ kind: 'page', status: 404, title: 'problems.not_found' });
    if (answer.kind !== 'page') throw new Error('expected a page');
    expect(renderToStaticMarkup(answer.body as ReactElement)).toBe(
      `<section><p>problems.not_foundDetail</p><p><a href="${BASE_PATH}">confirm.back</a></p></section>`,
    );
  });

  it('asks to confirm the unsubscription of an address on the list', async () => {
    const subscriber = {
      id: '42',
      email: 'reader@example.com',
      state: 'confirmed',
      locale: 'fr',
      source: 'footer',
      subscribedAt: '2026-11-01T10:00:00.000Z',
      confirmedAt: '2026-11-01T10:05:00.000Z',
      unsubscribedAt: null,
    };
    const { context } = contextOf(() => answerJson(subscriber));
    const answer = await confirmPage.render(context, confirmPage.query.parse({ id: '42' }) as never);
    expect(answer).toMatchObject({ kind: 'page', title: 'confirm.title' });
    if (answer.kind !== 'page') throw new Error('expected a page');
    expect(renderToStaticMarkup(answer.body as ReactElement)).toContain(`action="${BASE_PATH}/unsubscribe"`);
  });
});
