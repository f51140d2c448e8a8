import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { MenuControl, MenuPane } from '../../../definitions/menus.ts';
import { ConfirmDialog } from '../../common/ConfirmDialog.tsx';
import { ColorControl } from './ColorControl.tsx';
import { MenuRange } from './MenuRange.tsx';
import { KeycodePickerField } from '../keymap/KeycodePickerField.tsx';
import { useAppStores, useSelection } from '../../AppContext.tsx';
import { HuePalette } from './HuePalette.tsx';
import { usePerKeyPaint } from './usePerKeyPaint.ts';
import '../../common/onDemandParts.css';
import '../paneControls.css';
import './customMenu.css';
import '../../common/switch.css';

/** The clock row refreshes once a second. */
export const CLOCK_REFRESH_MS = 1000;

export interface CustomMenuPaneProps {
  pane: MenuPane;
  value(control: MenuControl): number[] | undefined;
  onChange(control: MenuControl, bytes: number[]): void;
  /** Labels are keys of the pane strings (the v2 Lighting pane's `lighting.*`), not text from the definition. */
  translatedLabels?: boolean;
  /** Sets the keyboard's clock; given for 'Date Time' menus, which show a clock row. */
  onTimeSync?: () => Promise<void>;
  /**
   * Whether this change restarts a device into its bootloader ('Connect receiver to DFU'): it is asked first,
   * and nothing is written when the user cancels.
   */
  restarts?(control: MenuControl, bytes: number[]): boolean;
  /** Controls the keyboard's firmware cannot take (`keychronKnowsValue`): left out, a note names them. */
  leftOut?(control: MenuControl): boolean;
}

/** One v3 custom menu: submenus on the left, control rows on the right (core.md §2). */
export function CustomMenuPane({
  pane,
  value,
  onChange,
  translatedLabels = false,
  onTimeSync,
  restarts,
  leftOut,
}: CustomMenuPaneProps) {
  const { t } = useTranslation('panes');
  const [asking, setAsking] = useState<{ control: MenuControl; bytes: number[] } | null>(null);
  const labelOf = (label: string) => (translatedLabels ? t(label) : label);
  const [index, setIndex] = useState(0);
  const submenu = pane.submenus[Math.min(index, pane.submenus.length - 1)];
  const controls = submenu?.controls ?? [];
  const omitted = leftOut ? controls.filter(leftOut) : [];
  const shown = controls.filter((c) => !omitted.includes(c));
  return (
    <div className="pane keymap-pane">
      <nav className="submenu" aria-label={labelOf(pane.label)}>
        {pane.submenus.map((s, i) => (
          <button
            key={s.label}
            type="button"
            aria-current={s === submenu}
            aria-disabled={!s.enabled}
            className={s.enabled ? undefined : 'is-disabled'}
            onClick={() => setIndex(i)}
          >
            {labelOf(s.label)}
          </button>
        ))}
      </nav>
      <div className="menu-controls">
        {onTimeSync && <ClockRow onSync={onTimeSync} />}
        {submenu?.controls.length === 0 && <p className="row-hint">{t('menuEmpty')}</p>}
        {omitted.length > 0 && (
          <p className="row-hint" role="note">
            {t('menuLeftOut', { labels: omitted.map((c) => labelOf(c.label)).join(', ') })}
          </p>
        )}
        {shown.map((control) => (
          <ControlRow
            key={`${control.key}:${control.label}`}
            control={{ ...control, label: labelOf(control.label) }}
            value={value(control)}
            onChange={(bytes) =>
              restarts?.(control, bytes) ? setAsking({ control, bytes }) : onChange(control, bytes)
            }
          />
        ))}
      </div>
      {asking && (
        <ConfirmDialog
          title={t('restartAsk', { label: labelOf(asking.control.label) })}
          description={t('restartWhat')}
          cancelLabel={t('cancel')}
          confirmLabel={labelOf(asking.control.label)}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            onChange(asking.control, asking.bytes);
          }}
        />
      )}
    </div>
  );
}

/** The computer's local date and time, refreshed every second, and 'Time Sync' to set the keyboard's clock. */
function ClockRow({ onSync }: { onSync(): Promise<void> }) {
  const { t, i18n } = useTranslation('panes');
  const [now, setNow] = useState(() => new Date());
  const [state, setState] = useState<'idle' | 'syncing' | 'synced' | 'failed'>('idle');
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="row">
      <span className="row-label">
        {t('clock.label')}
        <time className="row-hint" dateTime={now.toISOString()} data-testid="clock">
          {now.toLocaleString(i18n.language)}
        </time>
      </span>
      <span className="clock-actions">
        {state === 'synced' && <span className="message-success">{t('clock.synced')}</span>}
        {state === 'failed' && <span className="message-error">{t('clock.failed')}</span>}
        <button
          type="button"
          className="btn"
          disabled={state === 'syncing'}
          onClick={() => {
            setState('syncing');
            onSync().then(
              () => setState('synced'),
              () => setState('failed'),
            );
          }}
        >
          {t('clock.sync')}
        </button>
      </span>
    </div>
  );
}

/**
 * The per-key colour palette: while it is open the keyboard shows each key's LED colour and painting a key
 * (click or drag) gives it the chosen colour. Nine preset hues at full saturation, or any colour.
 */
function ColorPalette({ label }: { label: string }) {
  const { t } = useTranslation('panes');
  const { selection } = useAppStores();
  const paint = useSelection((s) => s.paintColor) ?? DEFAULT_PAINT;
  useEffect(() => {
    selection.getState().setPaintColor(selection.getState().paintColor ?? DEFAULT_PAINT);
    return () => selection.getState().setPaintColor(null);
  }, [selection]);
  usePerKeyPaint(paint);
  const choose = (color: [number, number]) => selection.getState().setPaintColor(color);
  return (
    <div className="row palette-row">
      <span className="row-label">
        {label}
        <span className="row-hint">{t('palette.hint')}</span>
      </span>
      <HuePalette
        label={t('palette.colours')}
        customLabel={t('palette.custom')}
        hueLabel={(hue) => t('palette.hue', { hue })}
        value={paint}
        onChoose={choose}
      />
    </div>
  );
}

const DEFAULT_PAINT: [number, number] = [0, 255];

function ControlRow({
  control,
  value,
  onChange,
}: {
  control: MenuControl;
  value: number[] | undefined;
  onChange(bytes: number[]): void;
}) {
  const { t } = useTranslation('panes');
  const id = `menu-${control.key}-${control.args.join('-')}`;
  const label = (
    <label className="row-label" htmlFor={id}>
      {control.label}
    </label>
  );
  const bytes = value ?? [];
  switch (control.type) {
    case 'toggle': {
      const options = (control.options as [number | number[], number | number[]] | undefined) ?? [0, 1];
      const on = ([] as number[]).concat(options[1]);
      const checked = on.every((b, i) => bytes[i] === b);
      return (
        <div className="row">
          {label}
          <input
            id={id}
            type="checkbox"
            role="switch"
            className="switch"
            checked={checked}
            onChange={(e) => onChange(([] as number[]).concat(options[e.target.checked ? 1 : 0]))}
          />
        </div>
      );
    }
    case 'range':
      return <MenuRange id={id} control={control} value={value} onChange={onChange} />;
    case 'dropdown': {
      const options = ((control.options as (string | [string, number])[] | undefined) ?? []).map((o, i) =>
        Array.isArray(o) ? o : ([o, i] as [string, number]),
      );
      return (
        <div className="row">
          {label}
          <select
            id={id}
            className="select"
            value={bytes[0] ?? 0}
            onChange={(e) => onChange([Number(e.target.value)])}
          >
            {options.map(([text, v]) => (
              <option key={v} value={v}>
                {text}
              </option>
            ))}
          </select>
        </div>
      );
    }
    case 'color':
      return (
        <div className="row">
          {label}
          <ColorControl
            id={id}
            label={control.label}
            value={[bytes[0] ?? 0, bytes[1] ?? 0]}
            onCommit={(hs) => onChange(hs)}
          />
        </div>
      );
    case 'keycode':
      // The field names itself with the label (a button's name comes from its own text, not a <label>).
      return (
        <div className="row">
          <span className="row-label">{control.label}</span>
          <KeycodePickerField
            label={control.label}
            code={((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0)}
            onPick={(code) => onChange([code >> 8, code & 0xff])}
          />
        </div>
      );
    case 'button':
      return (
        <div className="row">
          {label}
          <button
            id={id}
            type="button"
            className="btn"
            onClick={() => onChange([((control.options as number[] | undefined) ?? [1])[0]!])}
          >
            {control.label}
          </button>
        </div>
      );
    case 'color-palette':
      return <ColorPalette label={control.label} />;
    case 'text':
      return <p className="row-hint">{control.label}</p>;
    default:
      return (
        <div className="row">
          {label}
          <span className="row-hint">{t('controlUnsupported')}</span>
        </div>
      );
  }
}
