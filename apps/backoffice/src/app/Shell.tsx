import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet } from 'react-router';
import { boPost } from '../shared/api';
import { LanguagePicker } from '../shared/LanguagePicker';
import { isOperator, mayUse, useSession } from '../shared/session';

/** The signed-in frame: the menu (a column on a desktop, a wrapped bar on a phone) and the screen. */
export function Shell() {
  const { t } = useTranslation();
  const { token, accountId, level, login, permissions, enrolRequired, signOut } = useSession();
  if (!token) return <Navigate to="/login" replace />;
  // No second factor yet: nothing but enrolment answers on the server, so nothing else shows.
  if (enrolRequired) return <Navigate to="/enrol" replace />;
  const staff = permissions !== null;
  const logout = async () => {
    await boPost('bo_logout', {}).catch(() => undefined);
    signOut();
  };
  return (
    <div className="shell">
      <nav className="nav" aria-label={t('nav.menu')}>
        <div className="who" data-testid="bo-who">
          {login !== accountId ? `${login ?? ''} (${accountId ?? ''})` : accountId} ·{' '}
          {level ? t(`levels.${level}`) : ''}
        </div>
        <NavLink to="/" end>
          {t('nav.dashboard')}
        </NavLink>
        <NavLink to="/members">{t('nav.members')}</NavLink>
        {mayUse(permissions, 'reports') && (
          <>
            <NavLink to="/reports/winloss">{t('nav.winloss')}</NavLink>
            <NavLink to="/reports/outstanding">{t('nav.outstanding')}</NavLink>
            <NavLink to="/reports/tickets">{t('nav.tickets')}</NavLink>
            <NavLink to="/reports/cancelled">{t('nav.cancelled')}</NavLink>
          </>
        )}
        {isOperator(level) && mayUse(permissions, 'trading') && <NavLink to="/risk">{t('nav.risk')}</NavLink>}
        {mayUse(permissions, 'update_account') && <NavLink to="/presets">{t('nav.presets')}</NavLink>}
        {mayUse(permissions, 'update_account') && <NavLink to="/messages">{t('nav.messages')}</NavLink>}
        {!staff && <NavLink to="/staff">{t('nav.staff')}</NavLink>}
        {!staff && <NavLink to="/audit">{t('nav.audit')}</NavLink>}
        {!staff && isOperator(level) && <NavLink to="/brands">{t('nav.brands')}</NavLink>}
        <NavLink to="/security">{t('nav.security')}</NavLink>
        <button className="link" type="button" data-testid="bo-logout" onClick={() => void logout()}>
          {t('nav.logout')}
        </button>
        <LanguagePicker />
      </nav>
      <main>
        <Suspense fallback={<p className="muted">{t('app.loading')}</p>}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
