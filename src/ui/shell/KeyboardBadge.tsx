import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { onDemand } from '../common/onDemand.tsx';
import type { KeyboardBadgeProps } from './keyboardBadgeProps.ts';

// The list opens on a click: its code and strings load then (the closed badge is all the first screen shows).
const KeyboardBadgeMenu = onDemand(
  () => import('./KeyboardBadgeMenu.tsx').then((m) => m.KeyboardBadgeMenu),
  ['devices'],
);

/** Top-right badge: the selected keyboard's name; opens the list of connected keyboards. */
export function KeyboardBadge(props: KeyboardBadgeProps) {
  const { devices, selectedPath } = props;
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const selected = devices.find((d) => d.path === selectedPath);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className="badge" ref={root}>
      <button
        type="button"
        className="badge-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        data-testid="keyboard-badge"
      >
        <span className="badge-dot" data-connected={selected ? 'true' : 'false'} aria-hidden />
        <span className="badge-name">
          {selected ? selected.name : t('noKeyboard')}
          {selected?.note && <span className="badge-note">{selected.note}</span>}
        </span>
      </button>
      {open && <KeyboardBadgeMenu {...props} id={listId} choose={choose} />}
    </div>
  );
}
