import { useTranslation } from 'react-i18next';
import { ROUTE_BY_NAME } from '../routing/route-table.ts';
import { useNavigatorState } from '../routing/navigator.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { PageOutlet } from './PageOutlet.tsx';
import { useClientNavigation } from './use-client-navigation.ts';
import './frame.css';

/** The frame around every page (spec §2 visibility rules: clean, simple and reduced pages). */
export function Root() {
  const navigation = useNavigatorState();
  const { payload } = navigation;
  const { t } = useTranslation('common');
  useClientNavigation(navigation);
  const frame = payload.match ? ROUTE_BY_NAME[payload.match.route].frame : undefined;
  const clean = frame === 'clean';
  return (
    <div className="rk-app">
      <a className="rk-skip" href="#main">{t('nav.skip')}</a>
      <Header clean={clean} />
      <main id="main" className="rk-main">
        <PageOutlet />
      </main>
      {!clean && frame !== 'simple' && <Footer hasAlternates={payload.match !== null} />}
    </div>
  );
}
