import type en from '../../locales/en.json';

/** Translation keys are checked against the English locale: a typo is a type error. */
declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
    returnNull: false;
  }
}
