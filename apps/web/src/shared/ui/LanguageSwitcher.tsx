import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { brandLanguages } from '../brand';
import { LANGUAGE_CODES, LANGUAGE_LABELS, isLanguage } from '../i18n/languages';
import { useLanguage } from '../i18n/useLanguage';

/** The brand's languages (the nine by default) under their own names; switching replaces every text at once. */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [language, setLanguage] = useLanguage();
  return (
    <div className="sb-lang" data-tour="language">
      <label htmlFor={id} className={compact ? 'sb-visually-hidden' : 'sb-lang__label'}>
        {t('header.language')}
      </label>
      <select
        id={id}
        className="sb-select sb-select--compact"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
        data-testid="language-switcher"
      >
        {brandLanguages(LANGUAGE_CODES).map((code) => (
          <option key={code} value={code} lang={code === 'tw' ? 'km' : undefined}>
            {LANGUAGE_LABELS[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
