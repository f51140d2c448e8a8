import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayerOperation } from '../../formats/layerOps.ts';
import { useAppStores, useLayerNames } from '../AppContext.tsx';
import { readableError } from '../common/errorText.ts';

const KC_NO = 0x0000;
const KC_TRNS = 0x0001;

export interface LayerMenuProps {
  layerCount: number;
  /** The selected layer: the one the tools act on. */
  layer: number;
  vendorProductId: number;
}

/**
 * The layer selector's menu: name the selected layer, copy it onto another, swap it with another, clear it.
 * Each operation is one undo step, written as the fewest chunk writes (formats/layerOps.ts).
 */
export function LayerMenu({ layerCount, layer, vendorProductId }: LayerMenuProps) {
  const { t } = useTranslation('layers');
  const { commands, errors, layerNames } = useAppStores();
  const names = useLayerNames(vendorProductId);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const others = Array.from({ length: layerCount }, (_, l) => l).filter((l) => l !== layer);
  const [target, setTarget] = useState(others[0] ?? 0);
  const [name, setName] = useState(names[layer] ?? '');
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const ids = { panel: useId(), name: useId(), target: useId() };

  useEffect(() => {
    if (!open) return;
    setName(names[layer] ?? '');
    setTarget((t) => (t === layer || t >= layerCount ? (others[0] ?? 0) : t));
    panel.current?.querySelector<HTMLElement>('input, select, button')?.focus();
    // Only when the menu opens or the layer changes; names and others follow from them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, layer]);

  // A pointer press outside the menu closes it, as menus do; picking another layer keeps it open for that layer.
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      const root = button.current?.closest('.layer-selector');
      if (root && !root.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const run = async (operation: LayerOperation) => {
    setBusy(true);
    try {
      await commands.getState().runLayerOperation(operation);
    } catch (e) {
      errors.getState().logAppError({ message: readableError(e) });
    } finally {
      setBusy(false);
    }
  };

  const targetLabel = (l: number) => (names[l] ? t('layerNamed', { n: l, name: names[l] }) : `${l}`);

  return (
    <div className="layer-menu">
      <button
        ref={button}
        type="button"
        className="layer-menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? ids.panel : undefined}
        aria-label={t('layerTools')}
        title={t('layerTools')}
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open && (
        <div
          ref={panel}
          id={ids.panel}
          className="layer-menu-panel"
          role="dialog"
          aria-label={t('layerTools')}
          onKeyDown={(e) => e.key === 'Escape' && close()}
        >
          <form
            className="layer-menu-row"
            onSubmit={(e) => {
              e.preventDefault();
              layerNames.getState().rename(vendorProductId, layer, name);
            }}
          >
            <label htmlFor={ids.name}>{t('layerName', { n: layer })}</label>
            <input
              id={ids.name}
              className="input"
              value={name}
              maxLength={32}
              placeholder={t('layerNamePlaceholder')}
              onChange={(e) => setName(e.target.value)}
            />
            <button type="submit" className="btn">
              {t('saveName')}
            </button>
          </form>
          {others.length > 0 && (
            <div className="layer-menu-row">
              <label htmlFor={ids.target}>{t('targetLayer')}</label>
              <select
                id={ids.target}
                className="select"
                value={target}
                onChange={(e) => setTarget(Number(e.target.value))}
              >
                {others.map((l) => (
                  <option key={l} value={l}>
                    {targetLabel(l)}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="btn"
                disabled={busy}
                title={`${t('copyOnto', { n: layer })} ${target}`}
                onClick={() => void run({ kind: 'copy', from: layer, to: target })}
              >
                {t('copy')}
              </button>
              <button
                type="button"
                className="btn"
                disabled={busy}
                title={`${t('swapWith', { n: layer })} ${target}`}
                onClick={() => void run({ kind: 'swap', a: layer, b: target })}
              >
                {t('swap')}
              </button>
            </div>
          )}
          <div className="layer-menu-row" role="group" aria-label={t('clearLayer', { n: layer })}>
            <span>{t('clearLayer', { n: layer })}</span>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void run({ kind: 'clear', layer, code: KC_TRNS })}
            >
              {t('clearTransparent')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => void run({ kind: 'clear', layer, code: KC_NO })}
            >
              {t('clearNothing')}
            </button>
          </div>
          <div className="layer-menu-row">
            <span className="row-hint">{t('layerToolsHint')}</span>
            <button type="button" className="btn" onClick={close}>
              {t('close')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
