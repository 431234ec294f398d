import { hasSessionCookie, parseJsonAnswer, sessionSchema, type SessionState } from '@reelkeep/shared-contracts';

/** A visitor nobody signed in as. */
export const ANONYMOUS: SessionState = { signedIn: false, user: null };

/**
 * Asks the account squad's API who the request's session cookie belongs to (`GET /api/account/session`). A
 * request without the session cookie is anonymous without a call (other cookies say nothing of a sign-in); an
 * answer that fails is anonymous too: pages still render.
 */
export function createSessionReader(fetchApi: (path: string, init?: RequestInit) => Promise<Response>) {
  return async (cookieHeader: string | undefined): Promise<SessionState> => {
    if (!hasSessionCookie(cookieHeader)) return ANONYMOUS;
    try {
      const response = await fetchApi('/api/account/session', { headers: { cookie: cookieHeader! } });
      if (!response.ok) return ANONYMOUS;
      const body = parseJsonAnswer(sessionSchema, await response.json());
      return body?.signedIn && body.user ? { signedIn: true, user: body.user } : ANONYMOUS;
    } catch {
      return ANONYMOUS;
    }
  };
}

/** One request's session, read at most once and only when first asked (after the URL rules: docs/architecture.md "Request path"). */
export function createRequestSession(read: () => Promise<SessionState>): () => Promise<SessionState> {
  let session: Promise<SessionState> | undefined;
  return () => (session ??= read());
}
