import { useState, type ComponentProps, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** What a change asks before it is made: the question's title, description and buttons (ConfirmDialog). */
export type Question = Omit<ComponentProps<typeof ConfirmDialog>, 'onCancel' | 'onConfirm'>;

/**
 * A change asked first: `ask(value)` opens `question(value)` as a ConfirmDialog (Cancel focused, Escape cancels),
 * drawn where the caller puts `dialog`; confirmed, `onConfirm(value)` makes the change. Nothing happens until then.
 */
export function useAskFirst<T>(
  question: (value: T) => Question,
  onConfirm: (value: T) => void,
): [ask: (value: T) => void, dialog: ReactNode] {
  // Boxed: a value may itself be falsy (layout 0).
  const [asking, setAsking] = useState<{ value: T } | null>(null);
  const dialog = asking && (
    <ConfirmDialog
      {...question(asking.value)}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        setAsking(null);
        onConfirm(asking.value);
      }}
    />
  );
  return [(value) => setAsking({ value }), dialog];
}

/** A control whose change is asked first (`useAskFirst`): `children(ask)` draws it (another physical layout, a reset). */
export function AskFirst<T>({
  question,
  onConfirm,
  children,
}: {
  question(value: T): Question;
  onConfirm(value: T): void;
  children(ask: (value: T) => void): ReactNode;
}) {
  const [ask, dialog] = useAskFirst(question, onConfirm);
  return (
    <>
      {children(ask)}
      {dialog}
    </>
  );
}
