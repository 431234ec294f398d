import { emitSiteEvent, postJson, toSameSitePath, type PostedInput, type shareVisitInput } from '@reelkeep/shared-contracts';
import { FROM_ROUTE_KEY, INVITE_KEY } from './use-invite-report.ts';

const INVITE_CODE = /^[A-Za-z0-9_-]{4,64}$/;
/** docs/accounts.md "Invite visits": 200 (reported) and 10010 (already reported) both mean done. */
const DONE = new Set([200, 10010]);

/**
 * docs/accounts.md "Invite visits": a page opened with `?invite_code=` keeps the code and the route in session storage; once
 * the visitor is signed in, the visit is reported to the account squad, and on success the code is cleared
 * and the visitor goes back to the stored route. Other answers change nothing visible.
 */
export function keepAndReportInvite(signedIn: boolean): void {
  let held: string | null;
  try {
    const url = new URL(window.location.href);
    const code = url.searchParams.get('invite_code');
    if (code && INVITE_CODE.test(code)) {
      url.searchParams.delete('invite_code');
      sessionStorage.setItem(INVITE_KEY, code);
      sessionStorage.setItem(FROM_ROUTE_KEY, url.pathname + url.search);
    }
    held = sessionStorage.getItem(INVITE_KEY);
  } catch {
    return; // storage blocked by the browser: invites are not tracked
  }
  if (!signedIn || !held) return;
  void import('@reelkeep/shared-contracts/answers')
    .then(({ siteAnswerSchema }) =>
      postJson('/api/account/share-visit', { invite_code: held } satisfies PostedInput<typeof shareVisitInput>, siteAnswerSchema),
    )
    .then((answer) => {
      if (!DONE.has(answer.cscode)) return;
      sessionStorage.removeItem(INVITE_KEY);
      const back = toSameSitePath(sessionStorage.getItem(FROM_ROUTE_KEY), window.location.origin);
      sessionStorage.removeItem(FROM_ROUTE_KEY);
      if (back && back !== window.location.pathname + window.location.search) emitSiteEvent('navigationRequested', { path: back });
    });
}
