import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SwitchAccountDialog } from '../../features/auth/SwitchAccountDialog';
import { openHelpWindow } from '../../shared/popups';
import { useSession } from '../../shared/session/store';
import { startTour } from '../../shared/tour';
import styles from './shell.module.css';

const LINKS = [
  { key: 'settings', to: '/info/settings' },
  { key: 'betlist', to: '/info/betlist' },
  { key: 'statement', to: '/info/statement' },
  { key: 'gamereport', to: '/info/gamereport' },
  { key: 'result', to: '/info/result' },
  { key: 'message', to: '/info/message' },
  { key: 'rules', to: '/info/rules' },
  { key: 'sysparlay', to: '/info/sysparlay' },
] as const;

/** The member's menu: account screens, switch account, the tour and the help window. */
export function AccountMenu() {
  const { t } = useTranslation();
  const id = useId();
  const name = useSession((state) => state.account?.info.nickname || state.account?.info.account_id || '');
  const [open, setOpen] = useState(false);
  const [switching, setSwitching] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div
      className={styles.menu}
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) close();
      }}
      data-tour="account"
    >
      <button
        ref={button}
        type="button"
        className="sb-btn sb-btn--ghost"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((value) => !value)}
        data-testid="account-menu"
      >
        <span className={styles.accountName}>{name}</span> ▾
      </button>
      {open && (
        <ul id={`${id}-menu`} className={styles.menuList}>
          {LINKS.map((link) => (
            <li key={link.key}>
              <Link to={link.to} onClick={() => setOpen(false)} data-testid={`nav-menu-${link.key}`}>
                {t(`nav.${link.key}`)}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setSwitching(true);
              }}
              data-testid="switch-account"
            >
              {t('switchAccount.title')}
            </button>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                startTour();
              }}
              data-testid="tour-replay"
            >
              {t('tour.replay')}
            </button>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                openHelpWindow('/info/rules');
              }}
              data-testid="help-window"
            >
              {t('header.help')}
            </button>
          </li>
        </ul>
      )}
      {switching && <SwitchAccountDialog onClose={() => setSwitching(false)} />}
    </div>
  );
}
