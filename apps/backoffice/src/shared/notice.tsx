import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BoApiError } from './api';

/** What a screen tells after an action: done (ok) or the refusal's sentence. */
export interface Notice {
  ok: boolean;
  text: string;
}

/**
 * The one way a back-office screen reports an action's outcome: `done(text)` after success, `failed(error)`
 * with the server's code in the user's language (a network or unexpected failure: the generic sentence),
 * `refuse(text)` for a check made before calling. Render it with <NoticeLine>.
 */
export function useNotice() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  return {
    notice,
    done: (text: string) => setNotice({ ok: true, text }),
    refuse: (text: string) => setNotice({ ok: false, text }),
    failed: (caught: unknown) =>
      setNotice({
        ok: false,
        text: caught instanceof BoApiError ? t('errors.code', { code: caught.code }) : t('errors.generic'),
      }),
  };
}

/** The notice's line (a status region, read out by screen readers), nothing before the first action. */
export function NoticeLine({ notice, testId }: { notice: Notice | null; testId?: string }) {
  if (!notice) return null;
  return (
    <p role="status" data-testid={testId} className={notice.ok ? 'ok' : 'error'}>
      {notice.text}
    </p>
  );
}
