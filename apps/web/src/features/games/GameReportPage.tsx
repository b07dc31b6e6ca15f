import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isReportProduct, REPORT_PRODUCTS } from './lobbies';
import { RoundsPanel } from './RoundsPanel';

/**
 * /info/gamereport: the member's provider game rounds (slots, live casino, fishing, other games) by product,
 * in a range of betting days; the account menu and each lobby's "My rounds" lead here (?product=...).
 */
export function GameReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('product');
  const product = isReportProduct(asked) ? asked : 'slots';
  return (
    <article className="sb-card" aria-labelledby="game-report-title" data-testid="game-report">
      <h1 id="game-report-title" className="sb-card__title">
        {t('nav.gamereport')}
      </h1>
      <div className="sb-filters">
        <label className="sb-inline-field">
          <span>{t('games.product')}</span>
          <select
            value={product}
            onChange={(e) => setParams({ product: e.target.value }, { replace: true })}
            data-testid="game-report-product"
          >
            {REPORT_PRODUCTS.map((item) => (
              <option key={item.product} value={item.product}>
                {t(`products.${item.route}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <RoundsPanel key={product} product={product} />
    </article>
  );
}
