import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/errors';
import { useDialogs } from './dialogs';

/** Shows the oldest queued dialog; OK, Escape or Enter dismisses it. */
export function DialogHost() {
  const { t } = useTranslation();
  const item = useDialogs((state) => state.queue[0]);
  const dismiss = useDialogs((state) => state.dismiss);
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!item) return;
    const previous = document.activeElement as HTMLElement | null;
    okRef.current?.focus();
    return () => previous?.focus?.();
  }, [item]);

  if (!item) return null;
  const text = item.textKey
    ? t(item.textKey as never)
    : errorText(t, item.code ?? 'systemError', item.serverMessage);
  const titleId = `dialog-title-${item.id}`;
  return (
    <div className="sb-overlay" role="presentation">
      <div
        className={`sb-dialog sb-dialog--${item.kind}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-text`}
        data-testid="dialog"
        onKeyDown={(event) => {
          if (event.key === 'Escape') dismiss(item.id);
        }}
      >
        <h2 id={titleId} className="sb-dialog__title">
          {t(`dialog.${item.kind}`)}
        </h2>
        <p id={`${titleId}-text`} className="sb-dialog__text" data-testid="dialog-text">
          {text}
        </p>
        <div className="sb-dialog__actions">
          <button
            ref={okRef}
            type="button"
            className="sb-btn sb-btn--primary"
            onClick={() => dismiss(item.id)}
            data-testid="dialog-ok"
          >
            {t('common.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
