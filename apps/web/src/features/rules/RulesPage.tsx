import { useTranslation } from 'react-i18next';
import styles from './rules.module.css';

/** The sections of the platform's betting rules; the texts live in each language's locale. */
export const RULE_SECTIONS = [
  'general',
  'acceptance',
  'odds',
  'handicap',
  'parlay',
  'system',
  'abandoned',
  'limits',
] as const;

/** /info/rules: the platform's betting rules in the member's language. */
export function RulesPage() {
  const { t } = useTranslation();
  return (
    <article className={`sb-card ${styles.rules}`} aria-labelledby="rules-title">
      <h1 id="rules-title" className="sb-card__title">
        {t('rules.title')}
      </h1>
      <p className="sb-muted">{t('rules.intro')}</p>
      <nav aria-label={t('rules.contents')}>
        <ol className={styles.toc}>
          {RULE_SECTIONS.map((section) => (
            <li key={section}>
              <a href={`#rule-${section}`}>{t(`rules.${section}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {RULE_SECTIONS.map((section, index) => (
        <section
          key={section}
          id={`rule-${section}`}
          className={styles.section}
          aria-labelledby={`rule-${section}-title`}
        >
          <h2 id={`rule-${section}-title`}>
            {index + 1}. {t(`rules.${section}.title`)}
          </h2>
          {t(`rules.${section}.body`)
            .split('\n')
            .map((paragraph, line) => (
              <p key={line}>{paragraph}</p>
            ))}
        </section>
      ))}
    </article>
  );
}
