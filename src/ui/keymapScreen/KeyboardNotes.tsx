import { useEffect, useRef, type ReactNode } from 'react';
import { LockCard, type KeyboardLock, type NoteAction } from './LockCard.tsx';
import '../common/onDemandParts.css';

/** A keyboard's notes above its screen, in the family's words (every text is given, already translated). */
export interface KeyboardNotesProps {
  /** The family's prefix of the notes' classes, ids and test ids (`zmk`: `zmk-lock`, `zmk-failure`, …). */
  prefix: string;
  /** The screen's name until the keyboard is read (the frame names it after); null once read. */
  name: string | null;
  /** A lock holding requests (the shared LockCard): what to do, what waits, and (a virtual keyboard) a button. */
  lock: KeyboardLock | null;
  /** The last failure (an alert) with its request as a hint, dismissed by its button. */
  failure: { message: string; hint?: string | undefined; dismiss: NoteAction } | null;
  /** A passing status line (requests asked again while loading). */
  status?: string | null;
  /** A keyboard that could not be read or is gone: a card with the connection's notes and its actions. */
  problem: { title: string; notes: ReactNode; actions: NoteAction[] } | null;
}

/**
 * A keyboard's connection states above its screen (the screen model's notes): the lock while it holds requests, the
 * last failure, a status line, and a keyboard that could not be read or is gone. Once unlocked and read, the focus
 * the lock card took along goes to the frame's heading.
 */
export function KeyboardNotes({ prefix, name, lock, failure, status, problem }: KeyboardNotesProps) {
  // The unlock button (or the lock card a real keyboard's key press hides) leaves with the focus: once the keyboard
  // is read, it goes to the frame's heading (the keyboard's name, where the screen starts) instead of the page's top.
  // The heading is focusable for this only.
  const locked = lock !== null;
  const ready = name === null;
  const wasLocked = useRef(false);
  useEffect(() => {
    if (locked) wasLocked.current = true;
    else if (wasLocked.current && ready) {
      wasLocked.current = false;
      const heading = document.querySelector<HTMLElement>('.configure > h1');
      if (heading && (document.activeElement === null || document.activeElement === document.body)) {
        heading.tabIndex = -1;
        heading.focus();
      }
    }
  }, [locked, ready]);

  return (
    <div className={`${prefix}-screen`} data-testid={`${prefix}-screen`}>
      {/* The frame names the screen once the keyboard is read; until then the screen is named here. */}
      {name !== null && <h1 className="visually-hidden">{name}</h1>}
      {lock && <LockCard prefix={prefix} lock={lock} />}
      {failure && (
        <div className={`write-failure ${prefix}-failure`} role="alert" data-testid={`${prefix}-failure`}>
          <p>{failure.message}</p>
          {failure.hint && <p className="row-hint">{failure.hint}</p>}
          <button type="button" className="btn btn-sm" onClick={failure.dismiss.onClick}>
            {failure.dismiss.label}
          </button>
        </div>
      )}
      {status && (
        <p className="row-hint" role="status">
          {status}
        </p>
      )}
      {problem && (
        <section className={`card ${prefix}-problem`} aria-labelledby={`${prefix}-problem-title`}>
          <h2 id={`${prefix}-problem-title`}>{problem.title}</h2>
          {problem.notes}
          <div className="empty-actions">
            {problem.actions.map((action) => (
              <button
                key={action.label}
                type="button"
                className={action.primary ? 'btn btn-primary' : 'btn'}
                onClick={action.onClick}
              >
                {action.label}
              </button>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
