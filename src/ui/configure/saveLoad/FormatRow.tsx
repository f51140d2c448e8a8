import type { ReactNode } from 'react';
import '../../common/onDemandParts.css';

/** One row of the Save + Load pane, whatever the family: what it does, a hint under it, its action at the end. */
export function FormatRow({ label, hint, children }: { label: string; hint: string; children: ReactNode }) {
  return (
    <div className="row">
      <span className="row-label">
        {label}
        <span className="row-hint">{hint}</span>
      </span>
      {children}
    </div>
  );
}
