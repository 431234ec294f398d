import { CONTRACT_VERSION, type PageDefinition, type RemotePageModule } from '@reelkeep/shared-contracts';
import { LoginPage, RegisterPage, type LoginPageData, type RegisterPageData } from './AuthForms.tsx';
import { MyAccountPage, type MyAccountData } from './MyAccountPage.tsx';
import { NewsletterPage, type NewsletterPageData } from './NewsletterPage.tsx';
import {
  loadForgotPasswordPage,
  loadLoginPage,
  loadMyAccountPage,
  loadNewsletterPage,
  loadRegisterPage,
  loadResetPasswordPage,
  loadSetPasswordPage,
} from './loaders.server.ts';
import {
  ForgotPasswordPage,
  ResetPasswordPage,
  SetPasswordPage,
  type ForgotPasswordData,
  type ResetPasswordData,
  type SetPasswordData,
} from './PasswordForms.tsx';

// Loaders run on the server only; the browser build drops them.
const loginLoader = __SERVER__ ? loadLoginPage : undefined;
const registerLoader = __SERVER__ ? loadRegisterPage : undefined;
const forgotLoader = __SERVER__ ? loadForgotPasswordPage : undefined;
const resetLoader = __SERVER__ ? loadResetPasswordPage : undefined;
const myAccountLoader = __SERVER__ ? loadMyAccountPage : undefined;
const setPasswordLoader = __SERVER__ ? loadSetPasswordPage : undefined;
const newsletterLoader = __SERVER__ ? loadNewsletterPage : undefined;

/** docs/locales.md "Translation files": account pages also load the `member` extras; reset-password also loads `forgot_password`. */
function accountPage<Data>(
  Component: PageDefinition<Data>['Component'],
  loader?: PageDefinition<Data>['loader'],
  extras: string[] = [],
): PageDefinition<Data> {
  return {
    Component,
    loader,
    head: (t) => ({ title: t('title'), description: t('description') }),
    namespaces: ({ pageName }) => [pageName, 'member', ...extras],
  };
}

export default {
  remote: 'mf-account',
  contractVersion: CONTRACT_VERSION,
  pages: {
    login: accountPage<LoginPageData>(LoginPage, loginLoader),
    register: accountPage<RegisterPageData>(RegisterPage, registerLoader),
    'forgot-password': accountPage<ForgotPasswordData>(ForgotPasswordPage, forgotLoader),
    'reset-password': accountPage<ResetPasswordData>(ResetPasswordPage, resetLoader, ['forgot_password']),
    'set-password': accountPage<SetPasswordData>(SetPasswordPage, setPasswordLoader),
    'my-account': accountPage<MyAccountData>(MyAccountPage, myAccountLoader),
    newsletter: accountPage<NewsletterPageData>(NewsletterPage, newsletterLoader),
  },
} satisfies RemotePageModule;
