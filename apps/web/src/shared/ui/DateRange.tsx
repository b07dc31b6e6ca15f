import { useTranslation } from 'react-i18next';

/** A range of betting days (GMT+8, YYYY-MM-DD) as the statement and report calls take it. */
export interface DayRange {
  start_date: string;
  end_date: string;
}

/** From / to betting days; the statement and game report calls take at most 93 days. */
export function DateRangeFields({
  range,
  onChange,
  testId,
}: {
  range: DayRange;
  onChange: (range: DayRange) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="sb-filters">
      <label className="sb-inline-field">
        <span>{t('common.from')}</span>
        <input
          type="date"
          className="sb-input"
          value={range.start_date}
          max={range.end_date}
          required
          onChange={(e) => e.target.value && onChange({ ...range, start_date: e.target.value })}
          data-testid={`${testId}-start`}
        />
      </label>
      <label className="sb-inline-field">
        <span>{t('common.to')}</span>
        <input
          type="date"
          className="sb-input"
          value={range.end_date}
          min={range.start_date}
          required
          onChange={(e) => e.target.value && onChange({ ...range, end_date: e.target.value })}
          data-testid={`${testId}-end`}
        />
      </label>
    </div>
  );
}
