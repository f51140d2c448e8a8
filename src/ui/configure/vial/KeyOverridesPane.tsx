import { useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import {
  isEmptyEntry,
  KEY_OVERRIDE_LAYERS,
  KEY_OVERRIDE_OPTIONS,
  keyOverrideEnabled,
  layerRuns,
  layersBeyond,
  MOD_BITS,
  toggleBit,
  type EntryOf,
} from '../../../vial/entries.ts';
import { EntryTabs } from './EntryTabs.tsx';
import { KeycodeSlots, useSlotAdvance } from './KeycodeSlots.tsx';
import { VialKeycodePicker } from './VialKeycodePicker.tsx';
import '../../common/onDemandParts.css';
import '../paneControls.css';

type KeyOverride = EntryOf<'keyOverride'>;
type Slot = 'trigger' | 'replacement';
type ModField = 'triggerMods' | 'negativeModMask' | 'suppressedMods';
const MOD_FIELDS: readonly [ModField, string][] = [
  ['triggerMods', 'keyOverride.triggerMods'],
  ['negativeModMask', 'keyOverride.negativeMods'],
  ['suppressedMods', 'keyOverride.suppressedMods'],
];

/** Key overrides: trigger + modifiers → replacement, on chosen layers, with QMK's options. */
export function KeyOverridesPane({
  keyboard,
  entries,
  onChange,
}: {
  keyboard: KeyboardState;
  entries: readonly KeyOverride[];
  onChange(index: number, entry: KeyOverride): void;
}) {
  const { t } = useTranslation('vial');
  const [index, setIndex] = useState(0);
  const [slot, setSlot] = useState<Slot>('trigger');
  const advance = useSlotAdvance(['trigger', 'replacement'] as const, slot, setSlot);
  const at = Math.min(index, entries.length - 1);
  const entry = entries[at]!;
  const change = (patch: Partial<KeyOverride>) => onChange(at, { ...entry, ...patch });
  const enabled = keyOverrideEnabled(entry);
  // Only the keyboard's own layers are offered; bits the mask holds beyond them are named and kept.
  const shownLayers = Math.min(keyboard.layerCount, KEY_OVERRIDE_LAYERS);
  const beyond = layersBeyond(entry.layers, shownLayers);
  return (
    <div className="vial-pane" data-testid="key-overrides-pane">
      <EntryTabs
        count={entries.length}
        chosen={at}
        labelOf={(i) => String(i)}
        nameOf={(i) => t('keyOverride.entry', { n: i })}
        inUse={(i) => !isEmptyEntry('keyOverride', entries[i]!)}
        onChoose={setIndex}
      />
      <div className="card vial-editor">
        <h2 className="row-label">{t('keyOverride.entry', { n: at })}</h2>
        <label className="check-label">
          <input
            type="checkbox"
            checked={enabled}
            onChange={(e) => change({ options: toggleBit(entry.options, 7, e.target.checked) })}
          />
          {t('keyOverride.enabled')}
        </label>
        <KeycodeSlots
          label={t('keyOverride.entry', { n: at })}
          protocol={keyboard.protocol}
          active={slot}
          onChoose={(id) => setSlot(id as Slot)}
          slots={[
            { id: 'trigger', label: t('keyOverride.trigger'), code: entry.trigger },
            { id: 'replacement', label: t('keyOverride.replacement'), code: entry.replacement },
          ]}
        />
        <fieldset className="vial-fieldset">
          <legend>{t('keyOverride.layers')}</legend>
          {/* The fieldset's legend names the group: a second labelled group inside would be read twice. */}
          <div className="vial-layers">
            {/* Every bit, as the firmware's own default: every layer, whatever the keyboard's count. */}
            <button type="button" className="btn btn-sm" onClick={() => change({ layers: 0xffff })}>
              {t('keyOverride.allLayers')}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => change({ layers: 0 })}>
              {t('keyOverride.noLayers')}
            </button>
            {Array.from({ length: shownLayers }, (_, layer) => (
              <button
                key={layer}
                type="button"
                className="btn btn-sm"
                aria-pressed={(entry.layers & (1 << layer)) !== 0}
                aria-label={t('keyOverride.layer', { n: layer })}
                onClick={() =>
                  change({ layers: toggleBit(entry.layers, layer, (entry.layers & (1 << layer)) === 0) })
                }
              >
                {layer}
              </button>
            ))}
          </div>
          {beyond.length > 0 && (
            <p className="row-hint" data-testid="key-override-layers-beyond">
              {t('keyOverride.layersBeyond', {
                count: beyond.length,
                layers: layerRuns(beyond),
                layerCount: shownLayers,
              })}
            </p>
          )}
        </fieldset>
        {MOD_FIELDS.map(([field, label]) => (
          <fieldset key={field} className="vial-fieldset">
            <legend>{t(label)}</legend>
            <div className="check-group modifier-group">
              {MOD_BITS.map((mod, bit) => (
                <label key={mod}>
                  <input
                    type="checkbox"
                    checked={(entry[field] & (1 << bit)) !== 0}
                    onChange={(e) => change({ [field]: toggleBit(entry[field], bit, e.target.checked) })}
                  />
                  {t(`mod.${mod}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <fieldset className="vial-fieldset">
          <legend>{t('keyOverride.options')}</legend>
          <div className="check-group vial-options">
            {KEY_OVERRIDE_OPTIONS.map(([key, mask]) => (
              <label key={key}>
                <input
                  type="checkbox"
                  checked={(entry.options & mask) !== 0}
                  onChange={(e) =>
                    change({ options: toggleBit(entry.options, Math.log2(mask), e.target.checked) })
                  }
                />
                {t(`keyOverride.option.${key}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="row-hint">{t('pickHint')}</p>
      </div>
      <VialKeycodePicker
        keyboard={keyboard}
        current={entry[slot]}
        onAssign={(code) => {
          change({ [slot]: code });
          advance();
        }}
      />
    </div>
  );
}
