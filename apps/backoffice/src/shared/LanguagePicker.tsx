import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@sb/contract';
import { chooseLanguage } from './i18n';

/** Each language named in itself ('tw' is Khmer, 'my' is Burmese). */
const NAMES: Record<Language, string> = {
  en: 'English',
  cn: '简体中文',
  tw: 'ភាសាខ្មែរ',
  my: 'မြန်မာဘာသာ',
  id: 'Bahasa Indonesia',
  jp: '日本語',
  kr: '한국어',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <label>
      {t('app.language')}
      <select
        data-testid="bo-language"
        value={i18n.language}
        onChange={(event) => void chooseLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
