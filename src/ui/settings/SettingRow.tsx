import { useId, type ReactNode } from 'react';

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
