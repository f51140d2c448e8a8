import { useTranslation } from '../../../i18n/useTranslation.ts';
import { KEYCHRON_EFFECT_NAMES } from '../../../qmk/keychronEffects.ts';
import type { KeychronEffect, KeychronRgb } from '../../../qmk/keychronSettings.ts';
import { ColorControl } from '../menus/ColorControl.tsx';
import { NumberField } from '../vial/NumberField.tsx';
import '../../common/onDemandParts.css';

/** Longest play time the field takes: an hour (the firmware's u32 would take 49 days). */
const MAX_SECONDS = 3600;

/**
 * Each mixed-RGB region's timed effect list: the region plays its entries in turn, each for its time; an empty
 * slot (no effect) is skipped. One table per region, one row per slot; each edit writes that region's list.
 */
export function EffectLists({
  rgb,
  onChange,
}: {
  rgb: KeychronRgb;
  onChange(region: number, list: KeychronEffect[]): void;
}) {
  const { t } = useTranslation('keychron');
  return (
    <>
      {rgb.effects.map((list, region) => {
        const edit = (slot: number, patch: Partial<KeychronEffect>) => {
          const entry = list[slot]!;
          if (Object.entries(patch).every(([k, v]) => entry[k as keyof KeychronEffect] === v)) return;
          onChange(
            region,
            list.map((e, i) => (i === slot ? { ...e, ...patch } : e)),
          );
        };
        return (
          <fieldset key={region} className="keychron-effects">
            <legend>{t('effects.title', { n: region })}</legend>
            <table className="keychron-table">
              <thead>
                <tr>
                  <th scope="col">{t('effects.slot')}</th>
                  <th scope="col">{t('effects.effect')}</th>
                  <th scope="col">{t('effects.colour')}</th>
                  <th scope="col">{t('effects.speed')}</th>
                  <th scope="col">{t('effects.time')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((entry, slot) => {
                  const id = `kc-effect-${region}-${slot}`;
                  const empty = entry.effect === 0;
                  return (
                    <tr key={slot}>
                      <th scope="row">{slot + 1}</th>
                      <td>
                        <select
                          id={id}
                          className="select"
                          aria-label={t('effects.effectOf', { region, slot: slot + 1 })}
                          value={entry.effect}
                          onChange={(e) => edit(slot, { effect: Number(e.target.value) })}
                        >
                          {KEYCHRON_EFFECT_NAMES.map((name, n) => (
                            <option key={n} value={n}>
                              {n === 0 ? t('effects.empty') : name}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        {!empty && (
                          <ColorControl
                            label={t('effects.colourOf', { region, slot: slot + 1 })}
                            value={[entry.hue, entry.sat]}
                            onCommit={([hue, sat]) => edit(slot, { hue, sat })}
                          />
                        )}
                      </td>
                      <td>
                        {!empty && (
                          <input
                            type="range"
                            min={0}
                            max={255}
                            defaultValue={entry.speed}
                            key={entry.speed}
                            aria-label={t('effects.speedOf', { region, slot: slot + 1 })}
                            onPointerUp={(e) => edit(slot, { speed: Number(e.currentTarget.value) })}
                            onKeyUp={(e) => edit(slot, { speed: Number(e.currentTarget.value) })}
                          />
                        )}
                      </td>
                      <td>
                        {!empty && (
                          <NumberField
                            id={`${id}-time`}
                            label={t('effects.timeOf', { region, slot: slot + 1 })}
                            unit={t('effects.seconds')}
                            min={1}
                            max={MAX_SECONDS}
                            value={Math.round(entry.timeMs / 1000)}
                            onCommit={(s) => edit(slot, { timeMs: s * 1000 })}
                          />
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </fieldset>
        );
      })}
    </>
  );
}
