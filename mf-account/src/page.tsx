import { CONTRACT_VERSION, type PageDefinition, type RemotePageModule } from '@reelkeep/shared-contracts';
import { AccountPage } from './AccountPage.tsx';

/** spec §7: account pages also load the `member` extras; reset-password also loads `forgot_password`. */
function accountPage(extras: string[] = []): PageDefinition<null> {
  return {
    Component: AccountPage,
    head: (t) => ({ title: t('title'), description: t('description') }),
    namespaces: ({ pageName }) => [pageName, 'member', ...extras],
  };
}

export default {
  remote: 'mf-account',
  contractVersion: CONTRACT_VERSION,
  pages: {
    login: accountPage(),
    register: accountPage(),
    'forgot-password': accountPage(),
    'reset-password': accountPage(['forgot_password']),
    'set-password': accountPage(),
    'my-account': accountPage(),
  },
} satisfies RemotePageModule;
