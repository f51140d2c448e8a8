import type { KeyboardEvent } from 'react';

/**
 * Tabs inside a pane (Matrix Lighting frames/texts, Screen tools, Firmware online/local). Arrow keys move
 * between tabs, as the ARIA tabs pattern expects. A tab whose label is a short name (the actuation pane's
 * spec-given 'AP', 'RT', 'DKS') carries its words in `detail`, shown beside it and read with it (the name
 * starts with the visible label, WCAG 2.5.3); its style is `.pane-tab-detail` in configure/paneControls.css.
 */
export function PaneTabs<T extends string>({
  label,
  tabs,
  current,
  disabled = false,
  onChange,
}: {
  label: string;
  tabs: readonly { id: T; label: string; detail?: string }[];
  current: T;
  disabled?: boolean;
  onChange(id: T): void;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || disabled) return;
    e.preventDefault();
    const at = tabs.findIndex((t) => t.id === current);
    const next = tabs[(at + step + tabs.length) % tabs.length]!;
    onChange(next.id);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-tab="${next.id}"]`)?.focus();
  };
  return (
    <div className="submenu submenu-row" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map(({ id, label: text, detail }) => (
        <button
          key={id}
          type="button"
          role="tab"
          data-tab={id}
          aria-selected={current === id}
          aria-current={current === id}
          tabIndex={current === id ? 0 : -1}
          disabled={disabled}
          onClick={() => onChange(id)}
        >
          {text}
          {detail && (
            <>
              {' '}
              <span className="pane-tab-detail">{detail}</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
