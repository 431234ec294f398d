import type { LoaderContext } from '@reelkeep/shared-contracts';
import type { LoginPageData, RegisterPageData } from './AuthForms.tsx';

/** The spec's `client_e` is the desktop app's base64 e-mail; only a well-formed address pre-fills the form. */
function decodeClientEmail(value: string | null): string {
  if (!value) return '';
  try {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(decoded) ? decoded : '';
  } catch {
    return '';
  }
}

/** `/login`: the e-mail pre-fill (spec §4: `client_e`, else `email`), the return path and a returned error. */
export function loadLoginPage({ url }: LoaderContext): LoginPageData {
  const query = url.searchParams;
  return {
    email: decodeClientEmail(query.get('client_e')) || (query.get('email') ?? '').slice(0, 254),
    returnPath: query.get('return') ?? '',
    error: query.get('error'),
  };
}

/** `/register`: what a returned form held (never the password), its problems, and a question for visitors without JavaScript. */
export async function loadRegisterPage({ url, fetchApi }: LoaderContext): Promise<RegisterPageData> {
  const query = url.searchParams;
  const problems: Record<string, string> = {};
  for (const field of ['email', 'password', 'name', 'captcha', 'form']) {
    const value = query.get(field);
    if (value && /^[a-z_]{1,20}$/.test(value)) problems[field] = value;
  }
  const sum = (await (await fetchApi('/api/captcha?kind=sum')).json()) as RegisterPageData['sum'];
  return { sum, name: (query.get('name') ?? '').slice(0, 60), email: decodeClientEmail(query.get('client_e')) || (query.get('email') ?? '').slice(0, 254), problems };
}
