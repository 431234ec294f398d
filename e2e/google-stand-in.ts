/**
 * A local stand-in for Google sign-in, since this machine cannot reach Google: it publishes a JSON Web Key Set
 * like https://www.googleapis.com/oauth2/v3/certs, and serves a small Identity Services library (the
 * `google.accounts.id` calls the site uses) whose button hands the page an ID token really signed with the
 * published RSA key. The journeys choose who signs in (POST /identity) and sign their own forged tokens.
 * It also serves a stand-in Google tag (`/gtag/js`, the site's TAG_ANALYTICS_URL in the journeys) that shows
 * what the site configured it with, so a journey can tell whether the tag ran.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import * as z from 'zod/mini';

/** Who the stand-in signs in next, as a journey posts it to `/identity`. */
const googleIdentitySchema = z.object({
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  /** `bad-signature` hands out a token signed by a key the key set does not publish. */
  mode: z.optional(z.enum(['valid', 'bad-signature'])),
});
/** Who the stand-in signs in next. */
export type GoogleIdentity = z.infer<typeof googleIdentitySchema>;

export const GOOGLE_KEY_ID = 'e2e-google-key';

/** Signs a Google-shaped ID token (RS256) with the given key; the claims can be overridden to forge. */
export function signGoogleIdToken(key: CryptoKey, claims: Record<string, unknown>, kid = GOOGLE_KEY_ID): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: 'https://accounts.google.com', email_verified: true, iat: now, exp: now + 3600, jti: randomUUID(), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .sign(key);
}

/** The stand-in library: same calls as Google's (initialize, renderButton, prompt), tokens from this server. */
function identityServicesScript(origin: string): string {
  return `(() => {
  let config = null;
  const deliver = async (selectBy) => {
    const answer = await fetch(${JSON.stringify(origin)} + '/credential?client_id=' + encodeURIComponent(config.client_id));
    const { credential } = await answer.json();
    config.callback({ credential, select_by: selectBy, clientId: config.client_id });
  };
  window.google = { accounts: { id: {
    initialize(options) { config = options; },
    renderButton(parent, options) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Sign in with Google';
      button.dataset.gsiStandIn = options && options.locale ? options.locale : '';
      button.addEventListener('click', () => deliver('btn'));
      parent.replaceChildren(button);
    },
    prompt() { document.documentElement.dataset.gsiOneTap = 'shown'; },
    cancel() {},
    disableAutoSelect() {},
  } } };
})();`;
}

/** The stand-in tag: it reads the commands the site queued for it (`gtag('js', …)`, `gtag('config', id)`). */
const TAG_SCRIPT = `window.__tagAnalyticsCommands = Array.from(window.dataLayer || [], (entry) => Array.from(entry).map(String));`;

/** Starts the stand-in on loopback; the private key stays in this process. */
export async function startGoogleStandIn(port: number): Promise<{ server: Server; key: CryptoKey; jwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: GOOGLE_KEY_ID, alg: 'RS256', use: 'sig' };
  const { privateKey: strangerKey } = await generateKeyPair('RS256');
  const origin = `http://127.0.0.1:${port}`;
  let identity: GoogleIdentity = { sub: '100000000000000000001', email: 'google.user@example.com', name: 'Google User' };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') return send(200, 'application/json', JSON.stringify({ keys: [jwk] }));
    if (req.method === 'GET' && url.pathname === '/gsi/client') return send(200, 'text/javascript', identityServicesScript(origin));
    if (req.method === 'GET' && url.pathname === '/gtag/js') return send(200, 'text/javascript', TAG_SCRIPT);
    if (req.method === 'GET' && url.pathname === '/credential') {
      const { mode, ...claims } = identity;
      const audience = url.searchParams.get('client_id') ?? '';
      void signGoogleIdToken(mode === 'bad-signature' ? strangerKey : privateKey, { ...claims, aud: audience }).then((credential) =>
        send(200, 'application/json', JSON.stringify({ credential })),
      );
      return;
    }
    if (req.method === 'POST' && url.pathname === '/identity') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        const posted = googleIdentitySchema.safeParse(JSON.parse(body));
        if (!posted.success) return send(400, 'text/plain', posted.error.message);
        identity = posted.data;
        send(204, 'text/plain', '');
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/private-key')
      return void exportJWK(privateKey).then((key) => send(200, 'application/json', JSON.stringify(key)));
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, key: privateKey, jwk };
}
