import { useTranslation } from 'react-i18next';
import { useLayout } from '../settings/store';

/** Light and dark themes; the choice is a layout setting (storage key 'theme'). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useLayout((state) => state.theme);
  const setTheme = useLayout((state) => state.setTheme);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="sb-btn sb-btn--icon"
      onClick={() => setTheme(next)}
      aria-label={t(next === 'dark' ? 'header.darkMode' : 'header.lightMode')}
      title={t(next === 'dark' ? 'header.darkMode' : 'header.lightMode')}
      data-testid="theme-toggle"
      data-tour="theme"
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}
