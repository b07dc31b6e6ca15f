import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Language, MemberSettings } from '@sb/contract';
import { describeError } from '../../shared/api/errors';
import { switchLanguage } from '../../shared/i18n';
import { LANGUAGE_CODES, LANGUAGE_LABELS, isLanguage } from '../../shared/i18n/languages';
import { saveMemberSettings } from '../../shared/settings/api';
import { memberSettingsOf, useLayout } from '../../shared/settings/store';
import { useSession } from '../../shared/session/store';
import { orderSports, useSportsMenu } from '../../shared/sports';
import { QueryView } from '../../shared/ui/QueryView';
import { validateAmount } from '../../shared/validate';
import { SportsOrder } from './SportsOrder';
import styles from './settings.module.css';

type Field = keyof MemberSettings;
type Flag = 'true' | 'false';

const PAGE_TYPES = ['1', '2'] as const;
const PAGE_SIZES = ['10', '20', '30', '50'] as const;
const SORTINGS = ['1', '2', '3'] as const;
const MARKET_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;
const STAKES = ['1', '2', '3'] as const;
const MMO_TYPES = ['1', '2'] as const;

function Select<V extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="sb-field">
      <label htmlFor={id} className="sb-field__label">
        {label}
      </label>
      <select
        id={id}
        className="sb-select"
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Check({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: Flag;
  onChange: (value: Flag) => void;
  testId: string;
}) {
  return (
    <label className="sb-check">
      <input
        type="checkbox"
        checked={value === 'true'}
        onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
        data-testid={testId}
      />
      <span>{label}</span>
    </label>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className={styles.section} aria-labelledby={id}>
      <legend id={id} className={styles.legend}>
        {title}
      </legend>
      <div className={styles.grid}>{children}</div>
    </fieldset>
  );
}

/**
 * The layout and betting settings: a draft, saved together to the server (usersettings) and to the
 * browser under the spec's keys.
 */
export function SettingsForm() {
  const { t, i18n } = useTranslation();
  const currency = useSession((state) => state.account?.info.currency);
  const isMmk = currency === 'MMK';
  const [draft, setDraft] = useState<MemberSettings>(() => memberSettingsOf(useLayout.getState()));
  // The offered sports come from the server; the order shown is the domain's rule over the draft's custom order.
  const menu = useSportsMenu();
  const [problem, setProblem] = useState('');
  const [saved, setSaved] = useState(false);
  // Until the member picks a language here, the form follows the header's language switch.
  const [languageTouched, setLanguageTouched] = useState(false);
  const language: Language = languageTouched || !isLanguage(i18n.language) ? draft.language : i18n.language;

  const set = <K extends Field>(field: K, value: MemberSettings[K]) => {
    setSaved(false);
    setDraft((current) => ({ ...current, [field]: value }));
  };

  const mutation = useMutation({
    mutationFn: (settings: MemberSettings) => saveMemberSettings(settings),
    meta: { errorDialog: false },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const amountProblem =
      (draft.defaultStake === '2' && validateAmount(draft.defaultStakeAmount)) ||
      (draft.quickBet === 'true' && validateAmount(draft.quickBetAmount));
    if (amountProblem) {
      setProblem(t(amountProblem, { field: t('settings.amount') }));
      return;
    }
    const settings: MemberSettings = {
      ...draft,
      language,
      oddsType: !isMmk && draft.oddsType === '5' ? '1' : draft.oddsType,
    };
    // The browser keeps the settings whatever the server says; the server's answer is reported.
    const layout = useLayout.getState();
    layout.applyServerSettings(settings);
    await switchLanguage(settings.language);
    try {
      await mutation.mutateAsync(settings);
      setProblem('');
      setSaved(true);
    } catch (error) {
      setProblem(describeError(t, error));
    }
  };

  const opts = <V extends string>(values: readonly V[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as 'odds.1') }));

  const acceptance =
    draft.acceptAnyOdds === 'true' ? 'any' : draft.acceptBetterOdds === 'true' ? 'better' : 'none';

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="settings-form"
    >
      <Section title={t('settings.display')}>
        <Select<Language>
          label={t('settings.language')}
          value={language}
          options={LANGUAGE_CODES.map((code) => ({ value: code, label: LANGUAGE_LABELS[code] }))}
          onChange={(value) => {
            setLanguageTouched(true);
            set('language', value);
          }}
          testId="settings-language"
        />
        <Select
          label={t('settings.oddsType')}
          value={draft.oddsType}
          options={opts(
            isMmk ? (['1', '2', '3', '4', '5'] as const) : (['1', '2', '3', '4'] as const),
            'odds',
          )}
          onChange={(value) => set('oddsType', value)}
          testId="settings-odds-type"
        />
        {isMmk && (
          <Select
            label={t('settings.mmoType')}
            value={draft.mmoType}
            options={opts(MMO_TYPES, 'settings.mmoTypes')}
            onChange={(value) => set('mmoType', value)}
            testId="settings-mmo-type"
          />
        )}
        <Select
          label={t('settings.pageType')}
          value={draft.pageType}
          options={opts(PAGE_TYPES, 'settings.pageTypes')}
          onChange={(value) => set('pageType', value)}
          testId="settings-page-type"
        />
        <Select
          label={t('settings.pageSize')}
          value={draft.pageSize}
          options={PAGE_SIZES.map((value) => ({ value, label: value }))}
          onChange={(value) => set('pageSize', value)}
          testId="settings-page-size"
        />
        <Select
          label={t('settings.eventSorting')}
          value={draft.eventSorting}
          options={opts(SORTINGS, 'settings.sortings')}
          onChange={(value) => set('eventSorting', value)}
          testId="settings-event-sorting"
        />
        <Select
          label={t('settings.marketType')}
          value={draft.marketType}
          options={opts(MARKET_TYPES, 'settings.marketTypes')}
          onChange={(value) => set('marketType', value)}
          testId="settings-market-type"
        />
        <Check
          label={t('settings.showScoreMap')}
          value={draft.showScoreMap}
          onChange={(value) => set('showScoreMap', value)}
          testId="settings-score-map"
        />
        <Check
          label={t('settings.showQuickOdds')}
          value={draft.showQuickOdds}
          onChange={(value) => set('showQuickOdds', value)}
          testId="settings-quick-odds"
        />
      </Section>

      <Section title={t('settings.betting')}>
        <Select
          label={t('settings.defaultStake')}
          value={draft.defaultStake}
          options={opts(STAKES, 'settings.stakes')}
          onChange={(value) => set('defaultStake', value)}
          testId="settings-default-stake"
        />
        {draft.defaultStake === '2' && (
          <label className="sb-field">
            <span className="sb-field__label">{t('settings.defaultStakeAmount')}</span>
            <input
              className="sb-input"
              inputMode="decimal"
              value={draft.defaultStakeAmount}
              onChange={(event) => set('defaultStakeAmount', event.target.value.trim())}
              data-testid="settings-default-stake-amount"
            />
          </label>
        )}
        <div className="sb-field" role="radiogroup" aria-label={t('settings.oddsAcceptance')}>
          <span className="sb-field__label">{t('settings.oddsAcceptance')}</span>
          {(['none', 'better', 'any'] as const).map((value) => (
            <label key={value} className="sb-check">
              <input
                type="radio"
                name="acceptance"
                checked={acceptance === value}
                onChange={() => {
                  set('acceptBetterOdds', value === 'better' ? 'true' : 'false');
                  set('acceptAnyOdds', value === 'any' ? 'true' : 'false');
                }}
                data-testid={`settings-accept-${value}`}
              />
              <span>{t(`settings.accept.${value}`)}</span>
            </label>
          ))}
        </div>
        <Check
          label={t('settings.autoRefreshOdds')}
          value={draft.autoRefreshOdds}
          onChange={(value) => set('autoRefreshOdds', value)}
          testId="settings-auto-refresh"
        />
        <Check
          label={t('settings.quickBet')}
          value={draft.quickBet}
          onChange={(value) => set('quickBet', value)}
          testId="settings-quick-bet"
        />
        {draft.quickBet === 'true' && (
          <label className="sb-field">
            <span className="sb-field__label">{t('settings.quickBetAmount')}</span>
            <input
              className="sb-input"
              inputMode="decimal"
              value={draft.quickBetAmount}
              onChange={(event) => set('quickBetAmount', event.target.value.trim())}
              data-testid="settings-quick-bet-amount"
            />
          </label>
        )}
      </Section>

      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('settings.sportsOrder')}</legend>
        <QueryView query={menu} isEmpty={(sports) => sports.length === 0} rows={6}>
          {(sports) => (
            <SportsOrder
              sports={orderSports(sports, draft.sportsOrder, currency)}
              onChange={(order) => set('sportsOrder', order)}
              // No custom order: the member follows the default list, including sports offered later.
              onReset={() => set('sportsOrder', [])}
            />
          )}
        </QueryView>
      </fieldset>

      <div className={styles.actions}>
        <p
          className={problem ? styles.error : styles.ok}
          role={problem ? 'alert' : 'status'}
          data-testid="settings-message"
        >
          {problem || (saved ? t('settings.saved') : '')}
        </p>
        <button
          type="submit"
          className="sb-btn sb-btn--primary"
          aria-busy={mutation.isPending}
          disabled={mutation.isPending}
          data-testid="settings-save"
        >
          {mutation.isPending ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
