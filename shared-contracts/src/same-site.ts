/** Longest return path accepted; anything longer is not a page of this site. */
const MAX_RETURN_PATH_LENGTH = 2048;
// Controls (NUL, tab, new line, DEL) never belong in a path a browser would be sent to.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * The one same-site check for every return path and redirect target (docs/security.md "Redirects"): the value
 * is resolved against the site's origin as a browser would resolve it, and kept only when it stays on that
 * origin. What comes back is a path (plus query and fragment) that starts with exactly one `/`, so it can
 * never read as protocol-relative (`//evil.example`) wherever it is used next: a `Location` header, a link,
 * `location.assign`. Anything else (another origin, `javascript:`, `/.//evil`, `/\evil`, encoded tricks,
 * control characters) gives null.
 */
export function toSameSitePath(value: string | null | undefined, siteOrigin: string): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_RETURN_PATH_LENGTH || CONTROL_CHARACTERS.test(value)) return null;
  let origin: string;
  let resolved: URL;
  try {
    origin = new URL(siteOrigin).origin;
    resolved = new URL(value, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== origin) return null;
  // `/.//evil.example` resolves on our origin to the path `//evil.example`: keep one leading slash.
  const path = `/${(resolved.pathname + resolved.search + resolved.hash).replace(/^[/\\]+/, '')}`;
  // The path must name the same place when resolved again (idempotent), or it is refused.
  try {
    const again = new URL(path, origin);
    return again.origin === origin && again.pathname + again.search + again.hash === path ? path : null;
  } catch {
    return null;
  }
}
