import { useTranslation } from 'react-i18next';
import { startTour } from '../../shared/tour';
import { ChangePasswordForm } from './ChangePasswordForm';
import { NicknameForm } from './NicknameForm';
import { SettingsForm } from './SettingsForm';
import styles from './settings.module.css';

/** /info/settings: layout and betting settings, sports order, nickname, password, the tour. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <article className={styles.page} aria-labelledby="settings-title">
      <div className={styles.head}>
        <h1 id="settings-title">{t('settings.title')}</h1>
        <button type="button" className="sb-btn" onClick={startTour} data-testid="settings-tour">
          {t('tour.replay')}
        </button>
      </div>
      <SettingsForm />
      <div className={styles.columns}>
        <NicknameForm />
        <ChangePasswordForm />
      </div>
    </article>
  );
}
