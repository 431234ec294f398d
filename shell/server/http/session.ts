import { parseJsonAnswer, sessionSchema, type SessionState } from '@reelkeep/shared-contracts';

/** A visitor nobody signed in as. */
export const ANONYMOUS: SessionState = { signedIn: false, user: null };

/**
 * Asks the account squad's API who the request's cookies belong to (`GET /api/account/session`). A
 * visitor without cookies, or an answer that fails, is anonymous: pages still render.
 */
export function createSessionReader(fetchApi: (path: string, init?: RequestInit) => Promise<Response>) {
  return async (cookieHeader: string | undefined): Promise<SessionState> => {
    if (!cookieHeader) return ANONYMOUS;
    try {
      const response = await fetchApi('/api/account/session', { headers: { cookie: cookieHeader } });
      if (!response.ok) return ANONYMOUS;
      const body = parseJsonAnswer(sessionSchema, await response.json());
      return body?.signedIn && body.user ? { signedIn: true, user: body.user } : ANONYMOUS;
    } catch {
      return ANONYMOUS;
    }
  };
}
