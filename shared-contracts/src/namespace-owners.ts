import type { RemoteName } from './routes.ts';

/**
 * Which app's release carries each translation namespace (docs/i18n.md "Texts ship with their squad"): a squad's
 * pages' own namespaces are its own, so a text change is that squad's release, promoted and rolled back with it;
 * the shell carries the frame's texts and those several squads read (`member`: sign-in on the account pages and
 * at checkout; `newsletter`: the shell's mails and the account squad's page; `push`: the shell's web push). A
 * page reads only its own app's namespaces and the shell's, so a switch of either purges every page that shows them.
 */
export const NAMESPACES_OF_APP = {
  shell: ['common', 'console', 'member', 'newsletter', 'push'],
  'mf-landing': [
    'home',
    'landing',
    'contact',
    'downloading',
    'pagelink',
    'ping',
    'product_overview',
    'uninstallation',
    'movie_downloader',
    'thanks_for_installing',
    'thanks_for_using',
    'newsletter_console',
  ],
  'mf-checkout': ['checkout', 'checkout_console'],
  'mf-account': ['login', 'register', 'forgot_password', 'reset_password', 'set_password', 'my_account'],
  'mf-blog': ['blog', 'article_common'],
  'mf-campaign': ['campaign', 'sales_campaign', 'store', 'event_center', 'console_campaign'],
} as const satisfies Record<RemoteName | 'shell', readonly string[]>;

/** An app that ships texts. */
export type TextOwner = keyof typeof NAMESPACES_OF_APP;

const OWNER_OF_NAMESPACE = new Map<string, TextOwner>(
  Object.entries(NAMESPACES_OF_APP).flatMap(([app, namespaces]) => namespaces.map((namespace) => [namespace, app as TextOwner] as const)),
);

/** The app whose live release serves a namespace, or undefined for a namespace no release carries. */
export function findNamespaceOwner(namespace: string): TextOwner | undefined {
  return OWNER_OF_NAMESPACE.get(namespace);
}
