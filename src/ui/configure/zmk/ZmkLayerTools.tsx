import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { StoreApi } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { builtInBehaviorId } from '../../../convert/zmkBindingText.ts';
import type { ZmkKeyboardState } from '../../../state/zmkKeyboardStore.ts';
import type { ZmkLayerOperation } from '../../../zmk/layerEdits.ts';

/**
 * Behaviors a layer is cleared to: the keyboard's own &trans and &none, as Keyloom identifies them (a build that
 * renames them or has the name twice gets no button rather than a guess).
 */
const CLEAR_TO = [
  { label: 'trans', name: 'Transparent' },
  { label: 'none', name: 'None' },
] as const;

/** Copy the shown layer onto another, swap the two, or clear it: set-binding requests, one undo step each. */
export function ZmkLayerTools({ store }: { store: StoreApi<ZmkKeyboardState> }) {
  const { t } = useTranslation('zmk');
  const keymap = useStore(store, (s) => s.keymap);
  const index = useStore(store, (s) => s.selectedLayer);
  const behaviors = useStore(store, (s) => s.behaviors);
  const busy = useStore(store, (s) => s.busy);
  const targetId = useId();
  const layer = keymap?.layers[index];
  const others = (keymap?.layers ?? []).filter((l) => l !== layer);
  const [chosen, setChosen] = useState<number | null>(null);
  if (!layer) return null;
  const target = others.find((l) => l.id === chosen) ?? others[0];
  const run = (operation: ZmkLayerOperation) =>
    void store
      .getState()
      .runLayerOperation(operation)
      .catch(() => undefined);
  return (
    <section className="zmk-layer-tools" aria-labelledby={`${targetId}-title`}>
      <h3 id={`${targetId}-title`}>{t('tools.title')}</h3>
      {target && (
        <div className="row">
          <label className="row-label" htmlFor={targetId}>
            {t('tools.target')}
          </label>
          <span className="row-actions">
            <select
              id={targetId}
              className="select"
              value={target.id}
              onChange={(e) => setChosen(Number(e.target.value))}
            >
              {others.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name || l.id}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => run({ kind: 'copy', from: layer.id, to: target.id })}
            >
              {t('tools.copy')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => run({ kind: 'swap', a: layer.id, b: target.id })}
            >
              {t('tools.swap')}
            </button>
          </span>
        </div>
      )}
      <div className="row">
        <span className="row-label">{t('tools.clear')}</span>
        <span className="row-actions">
          {CLEAR_TO.map(({ label, name }) => {
            const behaviorId = builtInBehaviorId(behaviors, label);
            return (
              behaviorId !== null && (
                <button
                  key={name}
                  type="button"
                  className="btn"
                  disabled={busy}
                  onClick={() =>
                    run({
                      kind: 'clear',
                      layer: layer.id,
                      binding: { behaviorId, param1: 0, param2: 0 },
                    })
                  }
                >
                  {t(`tools.clearTo${name}`)}
                </button>
              )
            );
          })}
        </span>
      </div>
    </section>
  );
}
