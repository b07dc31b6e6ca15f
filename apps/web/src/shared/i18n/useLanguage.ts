import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@sb/contract';
import { saveMemberSettingsQuietly } from '../settings/api';
import { useLayout } from '../settings/store';
import { switchLanguage } from './index';
import { isLanguage } from './languages';

/** The current language and a switch that loads its texts, stores it and tells the server. */
export function useLanguage(): [Language, (language: Language) => Promise<void>] {
  const { i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  const change = useCallback(async (language: Language) => {
    await switchLanguage(language);
    useLayout.getState().setPageDisplay({ language });
    saveMemberSettingsQuietly({ language });
  }, []);
  return [current, change];
}
