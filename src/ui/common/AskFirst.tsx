import { useState, type ComponentProps, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** What a change asks before it is made: the question's title, description and buttons (ConfirmDialog). */
export type Question = Omit<ComponentProps<typeof ConfirmDialog>, 'onCancel' | 'onConfirm'>;

/**
 * A change asked first (another physical layout, a reset): `children(ask)` draws the control, whose `ask(value)`
 * opens `question(value)` as a ConfirmDialog (Cancel focused, Escape cancels); confirmed, `onConfirm(value)` makes
 * the change. Nothing happens until then.
 */
export function AskFirst<T>({
  question,
  onConfirm,
  children,
}: {
  question(value: T): Question;
  onConfirm(value: T): void;
  children(ask: (value: T) => void): ReactNode;
}) {
  // Boxed: a value may itself be falsy (layout 0).
  const [asking, setAsking] = useState<{ value: T } | null>(null);
  return (
    <>
      {children((value) => setAsking({ value }))}
      {asking && (
        <ConfirmDialog
          {...question(asking.value)}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            onConfirm(asking.value);
          }}
        />
      )}
    </>
  );
}
