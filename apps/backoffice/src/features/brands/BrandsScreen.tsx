import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BRAND_PRODUCTS,
  LANGUAGES,
  type BrandSettings,
  type CallReply,
  type CallRequest,
} from '@sb/contract';
import { boPost } from '../../shared/api';
import { NoticeLine, useNotice } from '../../shared/notice';
import { isOperator, useSession } from '../../shared/session';

type Brand = CallReply<'bo_brand_list'>['brands'][number];

/** A comma- or space-separated list, trimmed, without empties. */
export const listOf = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

/** The editable part of a brand; what the form does not show (sports order, help texts) is kept as it was. */
interface Draft {
  code: string;
  name: string;
  hosts: string;
  currencies: string;
  settings: BrandSettings;
  operatorId: string;
  operatorPassword: string;
}

const draftOf = (brand: Brand): Draft => ({
  code: brand.code,
  name: brand.name,
  hosts: brand.hosts.join(', '),
  currencies: brand.settings.currencies.join(', '),
  settings: brand.settings,
  operatorId: '',
  operatorPassword: '',
});

/** The operator's brands (white label): look, languages, currencies, products and hosts; a new brand with its operator. */
export function BrandsScreen() {
  const { t } = useTranslation();
  const level = useSession((s) => s.level);
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [creating, setCreating] = useState(false);
  const { notice, done, failed } = useNotice();
  const brands = useQuery({
    queryKey: ['bo', 'brands'],
    queryFn: () => boPost('bo_brand_list', {}),
    enabled: isOperator(level),
  });
  const save = useMutation({
    mutationFn: (body: CallRequest<'bo_brand_save'>) => boPost('bo_brand_save', body),
    onSuccess: () => {
      done(t('brands.saved'));
      setDraft(null);
      void client.invalidateQueries({ queryKey: ['bo', 'brands'] });
    },
    onError: failed,
  });
  if (!isOperator(level)) return <p className="error">{t('errors.operatorOnly')}</p>;

  const set = (settings: Partial<BrandSettings>) =>
    draft && setDraft({ ...draft, settings: { ...draft.settings, ...settings } });
  const toggle = <T extends string>(list: readonly T[], item: T): T[] =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate({
      code: draft.code.trim(),
      name: draft.name.trim(),
      hosts: listOf(draft.hosts).map((host) => host.toLowerCase()),
      settings: { ...draft.settings, currencies: listOf(draft.currencies).map((c) => c.toUpperCase()) },
      ...(creating
        ? { operator: { account_id: draft.operatorId.trim(), password: draft.operatorPassword } }
        : {}),
    });
  };
  const startNew = () => {
    const model = brands.data?.brands[0];
    if (!model) return;
    setCreating(true);
    setDraft({ ...draftOf(model), code: '', name: '', hosts: '' });
  };

  return (
    <>
      <h1>{t('brands.title')}</h1>
      <NoticeLine notice={notice} />
      <div className="table-wrap panel">
        <table>
          <thead>
            <tr>
              <th>{t('brands.name')}</th>
              <th>{t('brands.hosts')}</th>
              <th>{t('brands.theme')}</th>
              <th>{t('brands.products')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {brands.data?.brands.map((brand) => (
              <tr key={brand.code} data-testid={`bo-brand-${brand.code}`}>
                <td>
                  <img src={brand.logo} alt="" width={20} height={20} /> {brand.name} ({brand.code})
                </td>
                <td>{brand.hosts.join(', ')}</td>
                <td>{t(`brands.themes.${brand.settings.theme}`)}</td>
                <td>{brand.settings.products.map((p) => t(`brands.product.${p}`)).join(', ')}</td>
                <td>
                  <button
                    type="button"
                    className="link"
                    onClick={() => {
                      setCreating(false);
                      setDraft(draftOf(brand));
                    }}
                  >
                    {t('brands.edit')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" data-testid="bo-brand-new" onClick={startNew}>
          {t('brands.new')}
        </button>
      </div>
      {draft && (
        <form className="panel" onSubmit={submit} data-testid="bo-brand-form">
          <h2>{creating ? t('brands.new') : t('brands.editing', { name: draft.name })}</h2>
          <div className="row">
            <label>
              {t('brands.code')}
              <input
                data-testid="bo-brand-code"
                value={draft.code}
                readOnly={!creating}
                onChange={(e) => setDraft({ ...draft, code: e.target.value })}
              />
            </label>
            <label>
              {t('brands.name')}
              <input
                data-testid="bo-brand-name"
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            </label>
            <label>
              {t('brands.hosts')}
              <input
                data-testid="bo-brand-hosts"
                value={draft.hosts}
                onChange={(e) => setDraft({ ...draft, hosts: e.target.value })}
              />
            </label>
          </div>
          <div className="row">
            <label>
              {t('brands.theme')}
              <select
                value={draft.settings.theme}
                onChange={(e) => set({ theme: e.target.value as BrandSettings['theme'] })}
              >
                <option value="light">{t('brands.themes.light')}</option>
                <option value="dark">{t('brands.themes.dark')}</option>
              </select>
            </label>
            <label>
              {t('brands.primary')}
              <input
                type="color"
                value={draft.settings.colours.primary}
                onChange={(e) => set({ colours: { ...draft.settings.colours, primary: e.target.value } })}
              />
            </label>
            <label>
              {t('brands.accent')}
              <input
                type="color"
                value={draft.settings.colours.accent}
                onChange={(e) => set({ colours: { ...draft.settings.colours, accent: e.target.value } })}
              />
            </label>
            <label>
              {t('brands.currencies')}
              <input
                data-testid="bo-brand-currencies"
                value={draft.currencies}
                onChange={(e) => setDraft({ ...draft, currencies: e.target.value })}
              />
            </label>
            <label className="inline">
              <input
                type="checkbox"
                checked={draft.settings.white_label}
                onChange={(e) => set({ white_label: e.target.checked })}
              />
              {t('brands.whiteLabel')}
            </label>
          </div>
          <fieldset>
            <legend>{t('brands.languages')}</legend>
            {LANGUAGES.map((language) => (
              <label key={language} className="inline">
                <input
                  type="checkbox"
                  checked={draft.settings.languages.includes(language)}
                  onChange={() => set({ languages: toggle(draft.settings.languages, language) })}
                />
                {language}
              </label>
            ))}
            <label>
              {t('brands.defaultLanguage')}
              <select
                value={draft.settings.default_language}
                onChange={(e) =>
                  set({ default_language: e.target.value as BrandSettings['default_language'] })
                }
              >
                {draft.settings.languages.map((language) => (
                  <option key={language}>{language}</option>
                ))}
              </select>
            </label>
          </fieldset>
          <fieldset>
            <legend>{t('brands.products')}</legend>
            {BRAND_PRODUCTS.map((product) => (
              <label key={product} className="inline">
                <input
                  type="checkbox"
                  data-testid={`bo-brand-product-${product}`}
                  checked={draft.settings.products.includes(product)}
                  onChange={() => set({ products: toggle(draft.settings.products, product) })}
                />
                {t(`brands.product.${product}`)}
              </label>
            ))}
          </fieldset>
          <label>
            {t('brands.support')}
            <input
              value={draft.settings.support_contact}
              onChange={(e) => set({ support_contact: e.target.value })}
            />
          </label>
          {creating && (
            <div className="row">
              <label>
                {t('brands.operator')}
                <input
                  data-testid="bo-brand-operator"
                  value={draft.operatorId}
                  onChange={(e) => setDraft({ ...draft, operatorId: e.target.value })}
                />
              </label>
              <label>
                {t('login.password')}
                <input
                  data-testid="bo-brand-operator-password"
                  type="password"
                  autoComplete="new-password"
                  value={draft.operatorPassword}
                  onChange={(e) => setDraft({ ...draft, operatorPassword: e.target.value })}
                />
              </label>
            </div>
          )}
          <button className="primary" type="submit" data-testid="bo-brand-save" disabled={save.isPending}>
            {t('brands.save')}
          </button>
          <button type="button" onClick={() => setDraft(null)}>
            {t('edit.close')}
          </button>
        </form>
      )}
    </>
  );
}
