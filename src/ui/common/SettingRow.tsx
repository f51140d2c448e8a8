import { useId, type ReactNode } from 'react';
import './onDemandParts.css';
import './switch.css';

/** One labelled settings row; the control receives the id its label points at. */
export function SettingRow({
  label,
  hint,
  id,
  children,
}: {
  label: string;
  hint?: string | undefined;
  id?: string;
  children(id: string): ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  return (
    <div className="row">
      <label className="row-label" htmlFor={controlId}>
        {label}
        {hint && <span className="row-hint">{hint}</span>}
      </label>
      {children(controlId)}
    </div>
  );
}

/** A settings row whose control is an on/off switch. */
export function SwitchSetting({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint?: string | undefined;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <SettingRow label={label} hint={hint}>
      {(id) => (
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="switch"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
      )}
    </SettingRow>
  );
}
