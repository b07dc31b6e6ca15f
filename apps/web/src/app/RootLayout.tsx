import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../shared/brand';
import { startPush } from '../shared/session/push';
import { useSession } from '../shared/session/store';
import { useLayout } from '../shared/settings/store';
import { DialogHost } from '../shared/ui/DialogHost';

/** Around every screen: title, theme, push socket, status banners, dialogs and the loading bar. */
export function RootLayout() {
  const { t } = useTranslation();
  const brand = useBrand();
  const theme = useLayout((state) => state.theme);
  const token = useSession((state) => state.account?.info.session_token);
  const viewOnly = useSession((state) => state.viewOnly && state.account !== null);
  const connectionFailed = useSession((state) => state.connectionFailed);
  const navigation = useNavigation();

  useEffect(() => {
    document.title = t('app.title', { brand });
  }, [t, brand]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => (token ? startPush() : undefined), [token]);

  return (
    <>
      <a className="sb-skip" href="#main">
        {t('app.skipToContent')}
      </a>
      {navigation.state === 'loading' && (
        <div className="sb-progress" role="progressbar" aria-label={t('common.loading')} />
      )}
      {connectionFailed && (
        <div className="sb-banner sb-banner--warning" role="alert" data-testid="connection-banner">
          {t('errors.requestFailed')}
        </div>
      )}
      {viewOnly && (
        <div className="sb-banner sb-banner--info" role="status" data-testid="view-only-banner">
          {t('errors.SUSPEND')}
        </div>
      )}
      <Outlet />
      <DialogHost />
    </>
  );
}
