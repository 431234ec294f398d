import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { createTranslator } from './translator.ts';
import type * as I18nReact from './i18n-react.tsx';

let copies = 0;

/** A fresh copy of the module (React stays one), as a remote's bundle has its own. */
async function importBundleCopy(): Promise<typeof I18nReact> {
  copies++;
  return (await import(`./i18n-react.tsx?copy=${copies}`)) as typeof I18nReact;
}

describe('useTranslation', () => {
  it("reads the shell's translator from a remote's copy of the module (one context per page)", async () => {
    const shell = await importBundleCopy();
    const remote = await importBundleCopy();
    expect(remote.useTranslation).not.toBe(shell.useTranslation);
    const translator = createTranslator('fr', {
      common: { hello: 'Bonjour' },
      landing: { items_one: '{{count}} article', items_other: '{{count}} articles' },
    });
    function RemotePage() {
      const { t, i18n } = remote.useTranslation('landing');
      return <p lang={i18n.language}>{`${t('common:hello')}, ${t('items', { count: 2 })}`}</p>;
    }
    const html = renderToString(
      <shell.I18nProvider translator={translator}>
        <RemotePage />
      </shell.I18nProvider>,
    );
    expect(html).toBe('<p lang="fr">Bonjour, 2 articles</p>');
  });

  it('shows keys outside a provider', async () => {
    const { useTranslation } = await importBundleCopy();
    function Alone() {
      return <p>{useTranslation().t('hello', { count: 1 })}</p>;
    }
    expect(renderToString(<Alone />)).toBe('<p>hello</p>');
  });
});
