import type { ReactNode } from 'react';
import './onDemandParts.css';

/** A one-line outcome under a pane's actions: errors are announced at once, the rest politely. */
export function Message({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p
      role={kind === 'error' ? 'alert' : 'status'}
      className={kind === 'info' ? 'message' : `message message-${kind}`}
    >
      {children}
    </p>
  );
}
