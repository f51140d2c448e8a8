import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

export interface ModalOptions {
  /** Escape calls it; without it Escape does nothing. */
  onClose?: (() => void) | undefined;
  /** False where Escape is one of the keys the user must press (the Vial unlock asks to hold Esc + Enter). */
  escapeCloses?: boolean | undefined;
  /** What has the focus when it opens; else its first control, else the panel itself (give it tabIndex -1). */
  initialFocus?: RefObject<HTMLElement | null> | undefined;
}

/** Controls Tab can reach; one that is not drawn (display: none) is skipped where the browser can tell. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function tabbables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => !el.closest('[hidden], [inert]') && (el.checkVisibility?.() ?? true),
  );
}

/** Open modals, the newest last: only the newest keeps the focus (a question asked from inside a dialog). */
const open: HTMLElement[] = [];

/**
 * What makes `panel` modal, the behaviour of every Dialog (and of the full-window print view): the focus moves
 * in when it opens; Tab and Shift+Tab go round its controls; focus that lands outside (a click on the backdrop)
 * comes back; keys do not reach the page's shortcuts; Escape calls `onClose` (unless `escapeCloses` is false, a
 * control inside used the Escape — a suggestion list closing — or an input method is composing); on closing the
 * focus goes back to what had it when it opened. Spread the returned handlers on the element around the panel.
 */
export function useModal(panel: RefObject<HTMLElement | null>, options: ModalOptions) {
  // Read while rendering, before this render's changes: a menu item that opened the dialog and goes away with it
  // is still the focused element here.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  // The newest options, for the listeners that stay for the whole opening.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const self = panel.current!;
    open.push(self);
    (latest.current.initialFocus?.current ?? tabbables(self)[0] ?? self).focus();
    const isNewest = () => open.at(-1) === self;
    const keepFocus = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (!isNewest() || !target || self.contains(target)) return;
      // Notifications stay reachable (F8) while a dialog is open.
      if (target instanceof Element && target.closest('[data-outside-dialogs]')) return;
      (tabbables(self)[0] ?? self).focus();
    };
    // Keys pressed while nothing inside has the focus (a focused button was disabled): still the modal's.
    const keyOutside = (event: globalThis.KeyboardEvent) => {
      if (!isNewest() || self.contains(event.target as Node)) return;
      event.stopPropagation();
      onKey(event, self, latest.current);
    };
    // A focused control that goes away (a step of the dialog replaced by the next) leaves the focus nowhere:
    // it moves to the first control of what is there now.
    const refocus = new MutationObserver(() => {
      const active = document.activeElement;
      if (isNewest() && (!active || active === document.body)) (tabbables(self)[0] ?? self).focus();
    });
    refocus.observe(self, { childList: true, subtree: true });
    document.addEventListener('focusin', keepFocus);
    document.addEventListener('keydown', keyOutside);
    return () => {
      refocus.disconnect();
      document.removeEventListener('focusin', keepFocus);
      document.removeEventListener('keydown', keyOutside);
      open.splice(open.indexOf(self), 1);
      if (opener?.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    };
  }, [panel, opener]);

  return {
    onKeyDown(e: KeyboardEvent) {
      // The modal owns the keyboard: the page's own shortcuts (undo, key selection) stay out of it.
      e.stopPropagation();
      if (panel.current) onKey(e.nativeEvent, panel.current, latest.current);
    },
    onKeyUp(e: KeyboardEvent) {
      e.stopPropagation();
    },
  };
}

function onKey(e: globalThis.KeyboardEvent, panel: HTMLElement, { onClose, escapeCloses }: ModalOptions) {
  if (e.key === 'Escape') {
    if (e.defaultPrevented || e.isComposing || escapeCloses === false || !onClose) return;
    e.preventDefault();
    onClose();
    return;
  }
  if (e.key !== 'Tab') return;
  // Tab past the last control goes to the first, Shift+Tab before the first to the last.
  const all = tabbables(panel);
  const at = all.indexOf(document.activeElement as HTMLElement);
  if (e.shiftKey ? at <= 0 : at === -1 || at === all.length - 1) {
    e.preventDefault();
    (all[e.shiftKey ? all.length - 1 : 0] ?? panel).focus();
  }
}
