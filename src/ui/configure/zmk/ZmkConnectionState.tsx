import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkKeyboardEntry } from '../../../state/zmkKeyboards.ts';
import { ZmkConnectionNotes } from '../../devices/ZmkConnectionNotes.tsx';
import { ZmkFailureNote } from './ZmkFailureNote.tsx';
import { ZmkLockPanel } from './ZmkLockPanel.tsx';

/**
 * A ZMK keyboard's connection states above its screen: the lock while it holds requests, the last failure,
 * requests asked again while loading (the load itself is the shell's loader), and a keyboard that could not be
 * read or is gone (Try again, Forget: ZMK's own, nothing on a VIA board says the same). Once unlocked and read,
 * the focus the lock panel took along goes to the frame's heading.
 */
export function ZmkConnectionState({ entry, onRemove }: { entry: ZmkKeyboardEntry; onRemove(): void }) {
  const { t } = useTranslation('zmk');
  const { store, virtual } = entry;
  const state = useStore(store);

  // The unlock button (or the lock panel a real keyboard's key press hides) leaves with the focus: once the
  // keyboard is read, it goes to the frame's heading (the keyboard's name, where the screen starts) instead of the
  // page's top. The heading is focusable for this only.
  const locked = state.lock.state === 'locked';
  const ready = state.phase === 'ready';
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
    <div className="zmk-screen" data-testid="zmk-screen">
      {/* The frame names the screen once the keyboard is read; until then the screen is named here. */}
      {!ready && <h1 className="visually-hidden">{state.info?.name ?? state.label}</h1>}
      <ZmkLockPanel
        lock={state.lock}
        onPressVirtualKey={virtual ? () => void virtual.pressUnlock() : undefined}
      />
      {state.failure && (
        <ZmkFailureNote failure={state.failure} onDismiss={() => store.getState().dismissFailure()} />
      )}
      {state.retries > 0 && state.phase === 'loading' && (
        <p className="row-hint" role="status">
          {t('askedAgain', { count: state.retries })}
        </p>
      )}
      {(state.phase === 'failed' || state.phase === 'closed') && (
        <section className="card zmk-problem" aria-labelledby="zmk-problem-title">
          <h2 id="zmk-problem-title">{t(state.phase === 'closed' ? 'closed' : 'failed')}</h2>
          <ZmkConnectionNotes
            code={state.phase === 'closed' ? 'disconnected' : (state.failure?.code ?? 'silent')}
          />
          <div className="empty-actions">
            {state.phase === 'failed' && (
              <button type="button" className="btn btn-primary" onClick={() => void store.getState().load()}>
                {t('tryAgain')}
              </button>
            )}
            <button type="button" className="btn" onClick={onRemove}>
              {t('forget')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
