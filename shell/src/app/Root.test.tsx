/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import {
  CLIENT_NOT_DETECTED,
  PROMPT_QUEUE_INITIAL_STATE,
  type PagePayload,
  type RemoteName,
  type RemotePageModule,
} from '@reelkeep/shared-contracts';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@reelkeep/shared-contracts/i18n';
import { PageModulesContext } from '../federation/page-modules.ts';
import { createStaticNavigator, NavigatorContext } from '../routing/navigator.ts';
import { createSiteStore } from '../store/create-site-store.ts';
import { Root } from './Root.tsx';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const common = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../locales/ja/common.json'), 'utf8')) as {
  remote_unavailable: { title: string };
  brand: { home_label: string };
  language: { label: string };
  footer: { privacy: string };
  not_found: { title: string };
};

function renderPage(payload: PagePayload, modules: Map<RemoteName, RemotePageModule>, path = '/ja/blog/') {
  const { store } = createSiteStore({
    locale: { current: 'ja', prefix: '/ja', path: path.replace(/^\/ja/, '') || '/' },
    os: { os: 'win', is64Bit: true },
    session: { signedIn: false, user: null },
    pageMeta: { ...payload.head, keywords: '', status: payload.status, canonicalUrl: `https://x.test${path}` },
    ab: { values: {} },
    campaignNav: { visible: false },
    prompts: PROMPT_QUEUE_INITIAL_STATE,
    client: CLIENT_NOT_DETECTED,
  });
  const navigator = createStaticNavigator({ location: { pathname: path, search: '', hash: '', key: 'test' }, payload, navigationType: 'POP' });
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={createI18n('ja', { common })}>
        <PageModulesContext.Provider value={modules}>
          <NavigatorContext.Provider value={navigator}>
            <Root />
          </NavigatorContext.Provider>
        </PageModulesContext.Provider>
      </I18nextProvider>
    </Provider>,
  );
}

const blogMatch = { route: 'blog' as const, locale: 'ja' as const, params: {}, pageName: 'blog' };

describe('Root frame', () => {
  it('keeps header, footer and language picker working when the page remote is unavailable', () => {
    renderPage(
      { status: 503, match: blogMatch, head: { title: 't', description: 'd' }, data: null, namespaces: ['common'], unavailable: ['mf-blog'] },
      new Map(),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(common.remote_unavailable.title);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: common.brand.home_label })).toHaveAttribute(
      'href',
      '/ja?medium=top_nav_logo',
    );
    const picker = screen.getByRole('navigation', { name: common.language.label });
    expect(within(picker).getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/fr/blog/?source=lang_switch');
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: common.footer.privacy })).toHaveAttribute('href', '/ja/privacy-policy');
  });

  it('keeps the frame when the remote page throws while rendering', () => {
    const broken: RemotePageModule = {
      remote: 'mf-blog',
      contractVersion: '1.0.0',
      pages: {
        blog: {
          Component: () => {
            throw new Error('boom');
          },
          head: () => ({ title: '', description: '' }),
          namespaces: () => ['blog'],
        },
      },
    };
    const spy = jestSilenceConsoleError();
    renderPage(
      { status: 200, match: blogMatch, head: { title: 't', description: 'd' }, data: null, namespaces: ['common'], unavailable: [] },
      new Map([['mf-blog', broken]]),
    );
    spy.restore();
    expect(screen.getByRole('alert')).toHaveTextContent(common.remote_unavailable.title);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('renders the localised not-found view with its status in a data attribute', () => {
    const { container } = renderPage(
      { status: 404, match: null, head: { title: 't', description: 'd' }, data: null, namespaces: ['common'], unavailable: [] },
      new Map(),
      '/ja/nope',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(common.not_found.title);
    expect(container.querySelector('[data-status="404"]')).not.toBeNull();
  });
});

/** React logs caught render errors; keep the test output readable. */
function jestSilenceConsoleError() {
  const original = console.error;
  console.error = () => undefined;
  return { restore: () => (console.error = original) };
}
