import { useStore } from 'zustand';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { ZmkKeyboardEntry } from '../../../state/zmkKeyboards.ts';
import { ZmkConnectionNotes } from '../../devices/ZmkConnectionNotes.tsx';
import { zmkScreenView } from '../../../state/zmkScreenView.ts';
import { KeyboardNotes } from '../../keymapScreen/KeyboardNotes.tsx';
import { zmkFailureText, zmkRequestName } from '../../../zmk/names.ts';

/**
 * A ZMK keyboard's connection states above its screen (the shared `KeyboardNotes` in ZMK's words): the lock while it
 * holds requests (docs/zmk-studio-protocol.md "The lock": press the key bound to &studio_unlock; the requests go on
 * by themselves once unlocked; a virtual keyboard gets a button pressing its key), the last failure, requests asked
 * again while loading (the load itself is the shell's loader), and a keyboard that could not be read or is gone
 * (Try again, Forget: ZMK's own, nothing on a VIA board says the same).
 */
export function ZmkConnectionState({ entry, onRemove }: { entry: ZmkKeyboardEntry; onRemove(): void }) {
  const { t } = useTranslation('zmk');
  const { store, virtual } = entry;
  const state = useStore(store);
  const { phase, failure, lock } = state;
  const forget = { label: t('forget'), onClick: onRemove };
  const retry = { label: t('tryAgain'), onClick: () => void store.getState().load(), primary: true };
  return (
    <KeyboardNotes
      prefix="zmk"
      name={phase === 'ready' ? null : zmkScreenView(state).name}
      lock={
        lock.state === 'locked'
          ? {
              title: t('lock.title'),
              press: t('lock.press'),
              waitingLabel: t('lock.waiting'),
              waiting: [...new Set(lock.waiting)].map((name) => zmkRequestName(t, name)),
              idle: t('lock.idle'),
              action: virtual && { label: t('lock.pressVirtual'), onClick: () => void virtual.pressUnlock() },
            }
          : null
      }
      failure={
        failure
          ? {
              message: zmkFailureText(t, failure),
              hint: failure.request && zmkRequestName(t, failure.request),
              dismiss: { label: t('dismiss'), onClick: () => store.getState().dismissFailure() },
            }
          : null
      }
      status={state.retries > 0 && phase === 'loading' ? t('askedAgain', { count: state.retries }) : null}
      problem={
        phase === 'failed' || phase === 'closed'
          ? {
              title: t(phase === 'closed' ? 'closed' : 'failed'),
              notes: (
                <ZmkConnectionNotes
                  code={phase === 'closed' ? 'disconnected' : (failure?.code ?? 'silent')}
                />
              ),
              actions: phase === 'failed' ? [retry, forget] : [forget],
            }
          : null
      }
    />
  );
}
