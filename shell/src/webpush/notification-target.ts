/** What a click on a push notification opens (docs/push.md "The service worker"), apart from the worker. */

/** A window of the site the worker can see. */
export interface SiteWindow {
  readonly url: string;
  focus(): Promise<unknown>;
}

/** A click opens only pages of this site; anything else (a foreign or broken URL) opens its home. */
export function toSiteTarget(url: unknown, origin: string): string {
  return typeof url === 'string' && URL.canParse(url) && new URL(url).origin === origin ? url : `${origin}/`;
}

/** Focuses a tab already showing the target, else opens it in a new one. */
export async function openNotificationTarget(
  target: string,
  windows: readonly SiteWindow[],
  openWindow: (url: string) => Promise<unknown>,
): Promise<'focused' | 'opened'> {
  const open = windows.find((window) => window.url === target);
  if (open) {
    await open.focus();
    return 'focused';
  }
  await openWindow(target);
  return 'opened';
}
