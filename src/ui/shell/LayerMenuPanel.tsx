import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { assignedCount, type LayerOperation } from '../../formats/layerOps.ts';
import type { StepEdit } from '../../state/commands.ts';
import { useAppStores, useCommands, useDevices, useLayerNames } from '../AppContext.tsx';
import { doneText, LayerToolOutcome, LayerToolQuestion } from './LayerToolOutcome.tsx';
import { readableError } from '../common/errorText.ts';
import type { LayerMenuProps } from './layerMenuProps.ts';
import './layerMenuPanel.css';

const KC_NO = 0x0000;
const KC_TRNS = 0x0001;

/** A Copy or Clear waiting for the user's yes: `count` keys of `layer` would be replaced. */
interface Asking {
  operation: LayerOperation;
  count: number;
  layer: number;
}

/** What the last operation did; `step` while its Undo can still undo it. */
interface Outcome {
  text: string;
  step: StepEdit | null;
}

interface LayerMenuPanelProps extends LayerMenuProps {
  id: string;
  /** The menu's button: presses outside its layer selector close the panel. */
  anchor: RefObject<HTMLButtonElement | null>;
  /** Closes the panel; `refocus` gives the focus back to the menu's button (Escape, Close). */
  onClose(refocus: boolean): void;
}

/** The layer tools' panel (LayerMenu): mounted while the menu is open. */
export function LayerMenuPanel({
  id,
  layerCount,
  layer,
  vendorProductId,
  anchor,
  onClose,
}: LayerMenuPanelProps) {
  const { t } = useTranslation(['layerTools', 'layers', 'shell']);
  const { commands, errors, layerNames } = useAppStores();
  const names = useLayerNames(vendorProductId);
  const keyboard = useDevices((s) => s.keyboard);
  const lastStep = useCommands((s) => s.undoStack.at(-1));
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const others = Array.from({ length: layerCount }, (_, l) => l).filter((l) => l !== layer);
  const [target, setTarget] = useState(others[0] ?? 0);
  const [name, setName] = useState(names[layer] ?? '');
  const panel = useRef<HTMLDivElement>(null);
  const ids = { name: useId(), target: useId() };

  // On opening and when another layer is picked (the panel stays open for it): its name, a valid target, focus.
  useEffect(() => {
    setName(names[layer] ?? '');
    setTarget((t) => (t === layer || t >= layerCount ? (others[0] ?? 0) : t));
    panel.current?.querySelector<HTMLElement>('input, select, button')?.focus();
    // Only when the layer changes; names and others follow from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [layer]);

  // A pointer press outside the menu closes it, as menus do; picking another layer keeps it open for that layer.
  useEffect(() => {
    const outside = (e: PointerEvent) => {
      const root = anchor.current?.closest('.layer-selector');
      if (root && !root.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [anchor, onClose]);

  /** Runs an operation and says what it did, with its Undo; a swap takes the two layers' names along. */
  const run = async (operation: LayerOperation) => {
    setAsking(null);
    setBusy(true);
    try {
      const swapNames =
        operation.kind === 'swap'
          ? () => {
              const current = layerNames.getState().names(vendorProductId);
              const [a, b] = [current[operation.a] ?? '', current[operation.b] ?? ''];
              layerNames.getState().rename(vendorProductId, operation.a, b);
              layerNames.getState().rename(vendorProductId, operation.b, a);
            }
          : undefined;
      const step = await commands.getState().runLayerOperation(operation, swapNames);
      if (step) setOutcome({ text: doneText(t, operation), step });
    } catch (e) {
      setOutcome(null);
      errors.getState().logAppError({ message: readableError(e) });
    } finally {
      setBusy(false);
    }
  };
  /** Copy and Clear replace what a layer holds: when it holds something, they ask first. */
  const ask = (operation: LayerOperation) => {
    const onto = operation.kind === 'copy' ? operation.to : operation.kind === 'clear' ? operation.layer : -1;
    const count = keyboard && onto >= 0 ? assignedCount(keyboard, onto) : 0;
    if (count === 0) return void run(operation);
    setOutcome(null);
    setAsking({ operation, count, layer: onto });
  };

  const targetLabel = (l: number) =>
    names[l] ? t('layers:layerNamed', { n: l, name: names[l] }) : t('shell:layerN', { n: l });

  return (
    <div
      ref={panel}
      id={id}
      className="layer-menu-panel"
      role="dialog"
      aria-label={t('layers:layerTools')}
      onKeyDown={(e) => e.key === 'Escape' && onClose(true)}
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
      <div className="layer-menu-row" role="group" aria-label={t('clearLayer', { n: layer })}>
        <span>{t('clearLayer', { n: layer })}</span>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => ask({ kind: 'clear', layer, code: KC_TRNS })}
        >
          {t('clearTransparent')}
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => ask({ kind: 'clear', layer, code: KC_NO })}
        >
          {t('clearNothing')}
        </button>
      </div>
      {asking && (
        <LayerToolQuestion
          question={t(asking.operation.kind === 'copy' ? 'askCopy' : 'askClear', {
            count: asking.count,
            n: asking.layer,
          })}
          confirm={t(asking.operation.kind === 'copy' ? 'copy' : 'clear')}
          onConfirm={() => void run(asking.operation)}
          onCancel={() => setAsking(null)}
        />
      )}
      {outcome && (
        <LayerToolOutcome
          text={outcome.text}
          undoable={outcome.step !== null && outcome.step === lastStep}
          onUndo={() => {
            const { step } = outcome;
            // Only while the step is still the last thing done: Undo here never undoes something else.
            if (!step || commands.getState().undoStack.at(-1) !== step) return setOutcome(null);
            setOutcome({ text: t('undone'), step: null });
            commands
              .getState()
              .undo()
              .catch((e: unknown) => errors.getState().logAppError({ message: readableError(e) }));
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
