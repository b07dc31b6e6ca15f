import { useTranslation } from 'react-i18next';

/** Recovery codes shown once (only their hashes are kept): one per line, to print or copy. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('security.recoveryHint')}</p>
      <ol className="codes" data-testid="bo-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </>
  );
}
