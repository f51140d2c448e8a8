import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { layerTitle } from './layerTitle.ts';
import type { LayerMenuFamily } from '../../keymap/layerMenuModel.ts';
import { LayerOrderRows } from './LayerOrderRows.tsx';
import type { LayerMenuHandle } from './LayerMenu.tsx';
import {
  doneText,
  LayerToolOutcome,
  LayerToolQuestion,
  type LayerClear,
  type MenuOperation,
} from './LayerToolOutcome.tsx';
import '../common/onDemandParts.css';
import './layerMenuPanel.css';
import '../common/textInput.css';

/** A Copy or Clear waiting for the user's yes: `count` keys of `layer` would be replaced. */
interface Asking {
  operation: MenuOperation;
  count: number;
  layer: number;
}

/** What the last operation did; `step` while its Undo can still undo it. */
interface Outcome {
  text: string;
  step: unknown;
}

const CLEAR_LABEL: Record<LayerClear, string> = {
  transparent: 'clearTransparent',
  nothing: 'clearNothing',
};

/** The layer tools' panel (LayerMenu), the same for every family, mounted while the menu is open. */
export function LayerMenuPanel<Op>(props: LayerMenuFamily<Op> & LayerMenuHandle) {
  const { id, layer, model, anchor, onClose } = props;
  const { names } = model;
  const { t } = useTranslation(['layerTools', 'layers', 'shell']);
  const [running, setRunning] = useState(false);
  const busy = running || props.keyboardBusy === true;
  const [asking, setAsking] = useState<Asking | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const others = names.map((_, l) => l).filter((l) => l !== layer);
  const [target, setTarget] = useState(others[0] ?? 0);
  const [name, setName] = useState(names[layer] ?? '');
  const panel = useRef<HTMLDivElement>(null);
  /** The button whose question is asked (Copy or Clear): a cancelled question gives it the focus back. */
  const asker = useRef<HTMLElement | null>(null);
  /** The Move up or Move down pressed: the focus goes back to it once the move has run, so Enter moves again. */
  const mover = useRef<HTMLElement | null>(null);
  const clears = Object.entries(model.clears) as [LayerClear, string][];
  const ids = { name: useId(), target: useId(), hint: useId() };
  const tooLong = props.nameBytes !== undefined && new TextEncoder().encode(name).length > props.nameBytes;
  const nameRefused = tooLong || (props.nameRequired === true && name.trim() === '');

  // On opening and when another layer is picked (the panel stays open for it): its name, a valid target, focus
  // (not when a move picked it: the focus goes back to the Move button pressed).
  // A Copy or Clear question asked for the layer shown before goes: its "this layer" would now read as the new
  // one while its yes would still copy or clear the old one's.
  useEffect(() => {
    setName(names[layer] ?? '');
    setAsking(null);
    setTarget((t) => (t === layer || t >= names.length ? (others[0] ?? 0) : t));
    if (!mover.current) panel.current?.querySelector<HTMLElement>('input, select, button')?.focus();
    // Only when the layer changes; names and others follow from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layer]);

  // A pointer press outside the menu closes it, as menus do; picking another layer keeps it open for that layer.
  useEffect(() => {
    const outside = (e: PointerEvent) => {
      // A question the panel asked in a dialog of its own (a layer's removal) is not outside it.
      if (e.target instanceof Element && e.target.closest('.dialog-backdrop')) return;
      const root = anchor.current?.closest('.layer-selector');
      if (root && !root.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [anchor, onClose]);

  // A running operation disables its button (and a confirmed question goes away), which drops the focus onto the
  // page, where Escape no longer reaches the menu: once it has run (or the question is cancelled), the focus
  // comes back to its Undo, or the menu's first field.
  useEffect(() => {
    if (running || !panel.current) return;
    const pressed = mover.current;
    mover.current = null;
    // Only a focus that fell onto the page: a layer button or a field the user went to keeps it.
    if (document.activeElement && document.activeElement !== document.body) return;
    if (pressed?.isConnected && !(pressed as HTMLButtonElement).disabled) return pressed.focus();
    const target =
      panel.current.querySelector<HTMLElement>('.layer-tool-outcome button') ??
      panel.current.querySelector<HTMLElement>('input, select, button:not(:disabled)');
    target?.focus();
  }, [running, outcome, asking]);

  /** Runs an operation and says what it did, with its Undo. */
  const run = async (operation: MenuOperation) => {
    setAsking(null);
    setRunning(true);
    try {
      const step = await props.run(model.operation(operation));
      if (step) setOutcome({ text: doneText(t, operation, model.swapsNames), step });
    } catch (e) {
      setOutcome(null);
      props.onError?.(e);
    } finally {
      setRunning(false);
    }
  };
  /** Copy and Clear replace what a layer holds: when it holds something, they ask first. */
  const ask = (operation: MenuOperation) => {
    const onto = operation.kind === 'copy' ? operation.to : operation.kind === 'clear' ? operation.layer : -1;
    const count = onto >= 0 ? model.assigned(onto) : 0;
    if (count === 0) return void run(operation);
    setOutcome(null);
    asker.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsking({ operation, count, layer: onto });
  };

  const targetLabel = (l: number) => layerTitle(t, l, names[l]);

  return (
    <div
      ref={panel}
      id={id}
      className="layer-menu-panel"
      role="dialog"
      aria-label={t('layers:layerTools')}
      // Escape in the panel's own dialog answers that dialog only.
      onKeyDown={(e) => e.key === 'Escape' && panel.current?.contains(e.target as Node) && onClose(true)}
    >
      {props.rename && (
        <form
          className="layer-menu-row"
          onSubmit={(e) => {
            e.preventDefault();
            if (!nameRefused && !busy) props.rename?.(name);
          }}
        >
          <label htmlFor={ids.name}>{t('layerName', { n: layer })}</label>
          <input
            id={ids.name}
            className="input"
            value={name}
            maxLength={props.nameBytes ?? 32}
            placeholder={t('layerNamePlaceholder')}
            aria-invalid={tooLong}
            aria-describedby={props.nameBytes === undefined ? undefined : ids.hint}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn" disabled={nameRefused || busy}>
            {t('saveName')}
          </button>
          {props.nameBytes !== undefined && (
            <span id={ids.hint} className="row-hint">
              {t(tooLong ? 'nameTooLong' : 'nameLimit', { limit: props.nameBytes })}
            </span>
          )}
        </form>
      )}
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
            onClick={() => ask({ kind: 'copy', from: layer, to: target })}
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
      {clears.length > 0 && (
        <div className="layer-menu-row" role="group" aria-label={t('clearLayer', { n: layer })}>
          <span>{t('clearLayer', { n: layer })}</span>
          {clears.map(([to, code]) => (
            <button
              key={to}
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => ask({ kind: 'clear', layer, to })}
            >
              {t(CLEAR_LABEL[to], { code })}
            </button>
          ))}
        </div>
      )}
      {model.order && props.reorder && (
        <LayerOrderRows
          order={model.order}
          layer={layer}
          names={names}
          busy={busy}
          run={(operation) => {
            setOutcome(null);
            const focused = document.activeElement;
            if (
              operation.kind === 'move' &&
              focused instanceof HTMLElement &&
              panel.current?.contains(focused)
            )
              mover.current = focused;
            // Running, as Copy and Swap do: its buttons wait, and the focus that fell onto the page when the
            // pressed one was disabled comes back into the menu once it has run.
            setRunning(true);
            void Promise.resolve(props.reorder?.(operation))
              .catch((e: unknown) => props.onError?.(e))
              .finally(() => setRunning(false));
          }}
        />
      )}
      {asking && (
        <LayerToolQuestion
          question={t(asking.operation.kind === 'copy' ? 'askCopy' : 'askClear', {
            count: asking.count,
            n: asking.layer,
          })}
          confirm={t(asking.operation.kind === 'copy' ? 'copy' : 'clear')}
          onConfirm={() => void run(asking.operation)}
          onCancel={() => {
            setAsking(null);
            // Back to the button that asked, as a dialog gives the focus back to what opened it.
            asker.current?.focus();
          }}
        />
      )}
      {outcome && (
        <LayerToolOutcome
          text={outcome.text}
          undoable={outcome.step !== null && outcome.step === props.lastStep}
          onUndo={() => {
            // Only while the step is still the last thing done: Undo here never undoes something else.
            if (outcome.step === null || outcome.step !== props.lastStep) return setOutcome(null);
            setOutcome({ text: t('undone'), step: null });
            props.undo().catch((e: unknown) => props.onError?.(e));
          }}
        />
      )}
      <div className="layer-menu-row">
        <span className="row-hint">{t('layerToolsHint')}</span>
        <button type="button" className="btn" onClick={() => onClose(true)}>
          {t('close')}
        </button>
      </div>
    </div>
  );
}
