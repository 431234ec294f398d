import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { selectSignedIn } from '@reelkeep/shared-contracts';

/** Session storage keys (docs/accounts.md "Invite visits"). */
export const INVITE_KEY = 'activity_invite_code';
export const FROM_ROUTE_KEY = 'login_from_route';

/** Whether this page has an invite to keep or report: its code is loaded only then, never with the page. */
function hasInvite(): boolean {
  try {
    return new URL(window.location.href).searchParams.has('invite_code') || sessionStorage.getItem(INVITE_KEY) !== null;
  } catch {
    return false; // storage blocked by the browser: invites are not tracked
  }
}

/** docs/accounts.md "Invite visits": keeps an invite code from the URL and reports the visit once the visitor is signed in (`invite-report.ts`). */
export function useInviteReport(): void {
  const signedIn = useSelector(selectSignedIn);
  useEffect(() => {
    if (hasInvite()) void import('./invite-report.ts').then(({ keepAndReportInvite }) => keepAndReportInvite(signedIn));
  }, [signedIn]);
}
