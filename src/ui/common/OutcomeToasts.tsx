import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { Outcome, OutcomeState } from './outcomeStore.ts';
import './outcomeToasts.css';

/** A success or a note goes after this long unless it says otherwise; an error stays until dismissed. */
export const OUTCOME_SHOWN_MS = 8000;
/** The stack's distance from the window's foot, px (--space-5 in outcomeToasts.css). */
const BOTTOM_GAP = 24;

/**
 * The notifications: "saved", "copied", "failed" at the bottom of the window, over everything, wherever the page
 * is scrolled (ui/common/outcomes.ts shows them). Read out as they come (errors at once, the rest politely).
 * F8 moves the focus to the newest and back; Escape or its ✕ dismisses one. A success goes by itself after
 * OUTCOME_SHOWN_MS, not while the pointer or the focus is on it.
 */
export function OutcomeToasts({ store, onReady }: { store: StoreApi<OutcomeState>; onReady?: () => void }) {
  const { t } = useTranslation('feedback');
  const outcomes = useStore(store, (s) => s.outcomes);
  const list = useRef<HTMLOListElement>(null);
  // Where the focus was before F8 (or a click) brought it here: it goes back there.
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => onReady?.(), [onReady]);

  // A notification never covers the control it reports on (Save at a dialog's foot): when the stack at the
  // bottom would lie over the focused control, it shows at the top of the window instead.
  const [atTop, setAtTop] = useState(false);
  useLayoutEffect(() => {
    if (outcomes.length === 0) return setAtTop(false);
    const here = list.current;
    const control = document.activeElement;
    if (!here || !control || control === document.body || here.contains(control)) return;
    // Where the stack lies when at the bottom (whichever place it has now): BOTTOM_GAP above the window's foot.
    const stack = here.getBoundingClientRect();
    const foot = window.innerHeight - BOTTOM_GAP;
    const at = control.getBoundingClientRect();
    setAtTop(
      at.bottom > foot - stack.height && at.top < foot && at.right > stack.left && at.left < stack.right,
    );
  }, [outcomes]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'F8' || event.altKey || event.ctrlKey || event.metaKey) return;
      const here = list.current;
      const newest = here?.lastElementChild as HTMLElement | null | undefined;
      if (!here || !newest) return;
      event.preventDefault();
      if (here.contains(document.activeElement)) return goBack();
      returnTo.current = document.activeElement as HTMLElement | null;
      newest.focus();
    };
    // Capturing: an open dialog keeps keys from the page, not this one.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  const goBack = () => {
    const back = returnTo.current;
    returnTo.current = null;
    if (back?.isConnected) back.focus();
  };

  const dismiss = (outcome: Outcome) => {
    const here = list.current;
    const hadFocus = !!here?.contains(document.activeElement);
    store.getState().dismiss(outcome.id);
    if (!hadFocus) return;
    // The next notification takes the focus, or it goes back where it came from.
    const rest = [...(here?.children ?? [])].filter(
      (el) => el.getAttribute('data-id') !== String(outcome.id),
    );
    if (rest.length > 0) (rest.at(-1) as HTMLElement).focus();
    else goBack();
  };

  return (
    <section
      className={atTop ? 'outcomes outcomes-top' : 'outcomes'}
      aria-label={t('outcomes.region')}
      data-outside-dialogs
    >
      <ol ref={list} aria-live="polite">
        {outcomes.map((o) => (
          <OutcomeToast key={o.id} outcome={o} onDismiss={() => dismiss(o)} dismissLabel={t('dismiss')} />
        ))}
      </ol>
    </section>
  );
}

function OutcomeToast({
  outcome,
  onDismiss,
  dismissLabel,
}: {
  outcome: Outcome;
  onDismiss(): void;
  dismissLabel: string;
}) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const lasts = outcome.kind !== 'error' && !hovered && !focused;
  const shownMs = outcome.shownMs ?? OUTCOME_SHOWN_MS;
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (!lasts) return;
    const timer = setTimeout(() => dismiss.current(), shownMs);
    return () => clearTimeout(timer);
  }, [lasts, shownMs]);

  return (
    <li
      className={`outcome outcome-${outcome.kind}`}
      role={outcome.kind === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
      data-id={outcome.id}
      data-testid={outcome.testId}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setFocused(false)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        onDismiss();
      }}
    >
      <span className="outcome-text">{outcome.message}</span>
      <button type="button" className="outcome-dismiss" aria-label={dismissLabel} onClick={onDismiss}>
        {/* Drawn, not a character: the notification's text is its message alone. */}
        <svg viewBox="0 0 12 12" aria-hidden="true">
          <path d="M2 2l8 8M10 2l-8 8" />
        </svg>
      </button>
    </li>
  );
}
