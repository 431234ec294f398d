import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { CONTRACT_VERSION } from '@reelkeep/shared-contracts';
import { findConsoleModuleProblem } from '@reelkeep/shared-contracts/console';
import { answerJson, createTestSectionContext } from '@reelkeep/shared-contracts/testing/console';
import campaignConsole from './console-module.tsx';

const section = campaignConsole.sections[0]!;
const page = (path: string) => section.pages.find((candidate) => candidate.path === path)!;
const action = (path: string) => section.actions.find((candidate) => candidate.path === path)!;

/** A context as the host hands it, with the squad's internal route answering `reply`. */
const contextOf = (reply: () => Response) => createTestSectionContext(reply);
const json =
  (body: unknown, status = 200) =>
  () =>
    answerJson(body, status);

describe("mf-campaign's ./console module", () => {
  it('honours the section contract: reading needs campaign:read, every action campaign:manage', () => {
    expect(findConsoleModuleProblem(campaignConsole, (version) => version === CONTRACT_VERSION)).toBeNull();
    expect(section.pages.map((candidate) => [candidate.path, candidate.permission.action])).toEqual([
      ['', 'read'],
      ['new', 'read'],
      ['campaign', 'read'],
    ]);
    expect(section.actions.every((candidate) => candidate.permission.resource === 'campaign' && candidate.permission.action === 'manage')).toBe(true);
  });

  it("asks the squad's route as the operator and shows the page it rendered", async () => {
    const { context, calls } = contextOf(json({ kind: 'page', status: 409, title: 'Spring', html: '<section><p>ended</p></section>' }));
    const query = page('campaign').query.parse({ id: 'spring', preview: 'ja', lang: 'de' });
    const answer = await page('campaign').render(context, query as never);
    expect(calls).toEqual([
      { path: '/api/campaign/internal/console/spring?preview=ja', method: 'GET', actor: JSON.stringify(context.actor), locale: 'de', body: '' },
    ]);
    expect(answer).toMatchObject({ kind: 'page', status: 409, title: 'Spring' });
    expect(answer.kind === 'page' && renderToStaticMarkup(answer.body as ReactElement)).toBe('<div><section><p>ended</p></section></div>');
  });

  it('hands the audit entry of a change to the host, then redirects inside the section', async () => {
    const audit = { action: 'campaign.end', target: 'spring', before: { endsAt: 'a' }, after: { endsAt: 'b' } };
    const { context, calls, audited } = contextOf(json({ kind: 'redirect', to: 'campaign?id=spring&done=ended', audit }));
    const input = action('end').input.parse({ id: 'spring', confirm: 'yes' });
    expect(await action('end').handle(context, input as never)).toEqual({ kind: 'redirect', to: 'campaign?id=spring&done=ended' });
    expect(calls[0]).toMatchObject({ path: '/api/campaign/internal/console/spring/end', method: 'POST', body: 'confirm=yes' });
    expect(audited).toEqual([audit]);
  });

  it('refuses an action without a campaign id before anything is asked, and fails when the route does not answer as agreed', async () => {
    expect(action('coupon-remove').input.safeParse({ code: 'X' }).success).toBe(false);
    expect(action('coupon-remove').input.safeParse({ id: '../x', code: 'X' }).success).toBe(false);
    const { context, audited } = contextOf(json({ cscode: 403, error: 'forbidden' }, 403));
    await expect(action('end').handle(context, { id: 'spring', confirm: 'yes' } as never)).rejects.toThrow('answered 403');
    const outside = contextOf(json({ kind: 'redirect', to: 'https://evil.example/' }));
    await expect(action('end').handle(outside.context, { id: 'spring' } as never)).rejects.toThrow();
    expect([...audited, ...outside.audited]).toEqual([]);
  });
});
