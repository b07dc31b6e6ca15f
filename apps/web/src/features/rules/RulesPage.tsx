import { useTranslation } from 'react-i18next';
import { brandHelp } from '../../shared/brand';
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

/** /info/rules: the brand's own word (help text, support contact), then the platform's betting rules. */
export function RulesPage() {
  const { t, i18n } = useTranslation();
  const brand = brandHelp(i18n.language);
  return (
    <article className={`sb-card ${styles.rules}`} aria-labelledby="rules-title">
      <h1 id="rules-title" className="sb-card__title">
        {t('rules.title')}
      </h1>
      <p className="sb-muted">{t('rules.intro')}</p>
      {brand && (brand.text || brand.contact) ? (
        <aside
          className={styles.section}
          aria-label={t('rules.brandNotice', { brand: brand.name })}
          data-testid="brand-help"
        >
          <h2>{t('rules.brandNotice', { brand: brand.name })}</h2>
          {brand.text ? <p>{brand.text}</p> : null}
          {brand.contact ? <p>{t('rules.support', { contact: brand.contact })}</p> : null}
        </aside>
      ) : null}
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
