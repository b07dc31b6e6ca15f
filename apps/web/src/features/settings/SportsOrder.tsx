import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSportName, type MenuSport } from '../../shared/sports';
import styles from './settings.module.css';

const move = <T,>(order: readonly T[], from: number, to: number): T[] | null => {
  if (to < 0 || to >= order.length || from === to) return null;
  const next = [...order];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * Drag to reorder, or use the arrow buttons (keyboard); reset restores the default order. `sports` is the
 * order shown (already the domain's choice between the custom and the default order); a move reports the
 * whole new order of sport ids.
 */
export function SportsOrder({
  sports,
  onChange,
  onReset,
}: {
  sports: readonly MenuSport[];
  onChange: (order: number[]) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const sportName = useSportName();
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const reorder = (from: number, to: number) => {
    const next = move(sports, from, to);
    const moved = sports[from];
    if (!next || !moved) return;
    onChange(next.map((sport) => sport.id));
    setAnnouncement(t('settings.sportMoved', { sport: sportName(moved), position: to + 1 }));
  };

  return (
    <div className={styles.order}>
      <p className="sb-muted">{t('settings.sportsOrderHint')}</p>
      <ol className={styles.orderList} data-testid="sports-order">
        {sports.map((sport, index) => {
          const name = sportName(sport);
          return (
            <li
              key={sport.id}
              draggable
              className={dragging === index ? `${styles.orderItem} ${styles.dragging}` : styles.orderItem}
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                const from = Number(event.dataTransfer.getData('text/plain'));
                if (Number.isInteger(from)) reorder(from, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              data-testid={`sport-${sport.id}`}
            >
              <span className={styles.handle} aria-hidden="true">
                ⋮⋮
              </span>
              <span className={styles.orderName}>{name}</span>
              <button
                type="button"
                className="sb-btn sb-btn--icon"
                onClick={() => reorder(index, index - 1)}
                disabled={index === 0}
                aria-label={t('settings.moveUp', { sport: name })}
              >
                ↑
              </button>
              <button
                type="button"
                className="sb-btn sb-btn--icon"
                onClick={() => reorder(index, index + 1)}
                disabled={index === sports.length - 1}
                aria-label={t('settings.moveDown', { sport: name })}
              >
                ↓
              </button>
            </li>
          );
        })}
      </ol>
      <p className="sb-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <button type="button" className="sb-btn" onClick={onReset} data-testid="sports-order-reset">
        {t('settings.resetOrder')}
      </button>
    </div>
  );
}
