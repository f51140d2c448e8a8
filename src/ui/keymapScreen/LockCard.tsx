import type { ReactNode, RefObject } from 'react';
import { Dialog } from '../common/Dialog.tsx';
import '../common/onDemandParts.css';

/** A button of a note: its label, what it does, and whether it is the card's primary one. */
export interface NoteAction {
  label: string;
  onClick(): void;
  primary?: boolean;
}

/** A keyboard's lock in its family's words (every text given, already translated). */
export interface KeyboardLock {
  title: string;
  /** What to press or hold on the keyboard to unlock it. */
  press: string;
  /** Why the unlock is asked for now (the change that waits for it), when one asked. */
  why?: string | undefined;
  /** The requests the lock holds, under their label. */
  waitingLabel?: string | undefined;
  waiting?: readonly string[] | undefined;
  /** What happens meanwhile (the keyboard locks itself again, stays in its unlock …). */
  idle: string;
  /** A button the card offers (a virtual keyboard's unlock key). */
  action?: NoteAction | undefined;
}

/**
 * Every family's lock card (`prefix`: its classes and test ids, `zmk-lock`, `vial-unlock`): the title, what to press
 * or hold, why the unlock is asked for and what waits for it, the family's own view of it (`children`: Vial's keys to
 * hold drawn and its count), what happens meanwhile, and its button. Among the notes above a keyboard's screen
 * (KeyboardNotes: ZMK's lock holds requests until its key is pressed) it is a status card; `modal` (an action
 * that waits for the unlock: Vial's) it is a dialog that Escape does not close, with the family's buttons.
 */
export function LockCard({
  prefix,
  lock,
  modal,
  children,
}: {
  prefix: string;
  lock: KeyboardLock;
  modal?: { actions: ReactNode; initialFocus: RefObject<HTMLElement | null> } | undefined;
  children?: ReactNode;
}) {
  const waiting = lock.waiting ?? [];
  const body = (
    <>
      {lock.why && <p className="row-hint">{lock.why}</p>}
      {waiting.length > 0 && (
        <>
          <p className="row-hint">{lock.waitingLabel}</p>
          <ul className={`${prefix}-waiting`}>
            {waiting.map((what) => (
              <li key={what}>{what}</li>
            ))}
          </ul>
        </>
      )}
      {children}
      <p className="row-hint">{lock.idle}</p>
      {lock.action && (
        <button type="button" className="btn btn-primary" onClick={lock.action.onClick}>
          {lock.action.label}
        </button>
      )}
    </>
  );
  if (modal)
    return (
      <Dialog
        title={lock.title}
        description={<p>{lock.press}</p>}
        className={`${prefix}-unlock`}
        escapeCloses={false}
        initialFocus={modal.initialFocus}
        actions={modal.actions}
      >
        {body}
      </Dialog>
    );
  return (
    <section
      className={`card ${prefix}-lock`}
      role="status"
      aria-labelledby={`${prefix}-lock-title`}
      data-testid={`${prefix}-lock`}
    >
      <h2 id={`${prefix}-lock-title`}>{lock.title}</h2>
      <p>{lock.press}</p>
      {body}
    </section>
  );
}
