import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import {
  defaultDks,
  DKS_POINTS,
  dksTravelProblem,
  MAX_TRAVEL,
  UNITS_PER_MM,
  type DksEntry,
  type DksPoint,
} from '../../../qmk/actuation.ts';
import type { ActuationCommands } from '../../../services/featureCommands.ts';
import { Message } from '../../common/Message.tsx';
import { useOutcome } from '../../common/outcomes.ts';
import { readableError } from '../../common/errorText.ts';
import { KeycodePickerField } from '../keymap/KeycodePickerField.tsx';
import '../../common/onDemandParts.css';
import './dks.css';

const STAGES = ['firstPress', 'bottom', 'release', 'lastRelease'] as const;
const POINT_NAMES = ['hold', 'press', 'release', 'tap'] as const;

/** A key the DKS editor edits: its matrix position and the name it is shown by. */
export interface DksTarget {
  row: number;
  col: number;
  name: string;
}

const mm = (units: number) => (units / UNITS_PER_MM).toFixed(2);
/** A travel typed in mm, in keyboard units, or null when it is not a number from 0.01 to 4 mm. */
const travelOf = (text: string): number | null => {
  const value = text.trim() === '' ? NaN : Number(text);
  const units = Math.round(value * UNITS_PER_MM);
  return Number.isFinite(value) && units >= 1 && units <= MAX_TRAVEL ? units : null;
};

const samePositionless = (a: DksEntry, b: DksEntry) =>
  JSON.stringify([a.actuation, a.actions]) === JSON.stringify([b.actuation, b.actions]);

/**
 * Dynamic keystrokes: four actions (a keycode each) and what each does at four stages of travel — first
 * press, bottoming out, releasing from the bottom, last release — plus the travel of each stage. It edits
 * every selected key at once and says so: the heading names the key (or the keys) Save writes to.
 */
export function DksEditor({
  commands,
  layer,
  targets,
  entries,
  onEntries,
}: {
  commands: ActuationCommands;
  layer: number;
  /** The selected keys; Save gives each of them the same actions. */
  targets: readonly DksTarget[];
  entries: DksEntry[];
  onEntries(entries: DksEntry[]): void;
}) {
  const { t } = useTranslation(['panes', 'vendor']);
  const entryOf = (k: DksTarget) =>
    entries.find((e) => e.layer === layer && e.row === k.row && e.col === k.col);
  const existing = targets.map(entryOf);
  const withEntry = existing.filter((e): e is DksEntry => e !== undefined);
  const mixed =
    withEntry.length > 0 &&
    (withEntry.length < targets.length || withEntry.some((e) => !samePositionless(e, withEntry[0]!)));
  const [draft, setDraft] = useState<DksEntry | null>(null);
  // Why the draft cannot be saved stays beside it; how a write went is a notification.
  const [refused, setRefused] = useState<string | null>(null);
  const outcome = useOutcome();
  // What the user typed that cannot be saved as it is: a travel field's text.
  const [travelText, setTravelText] = useState<string[]>([]);

  // Other keys (or layer): edit the first one's entry, or a fresh default one. (Saving changes `entries`
  // but not the keys, so the draft the user sees stays.)
  const selection = targets.map((k) => `${k.row},${k.col}`).join(' ');
  useEffect(() => {
    const first = targets[0];
    const entry = first ? structuredClone(withEntry[0] ?? defaultDks(layer, first.row, first.col)) : null;
    setDraft(entry);
    setTravelText(entry ? entry.actuation.map(mm) : []);
    setRefused(null);
    outcome.clear();
  }, [selection, layer]); // eslint-disable-line react-hooks/exhaustive-deps

  if (targets.length === 0 || !draft) return <p className="row-hint">{t('dks.selectKey')}</p>;

  const update = (change: (e: DksEntry) => DksEntry) => setDraft(change(structuredClone(draft)));
  /** Why the draft cannot be saved, in words, or null: a travel out of range or order. */
  const refusal = (): string | null => {
    const stage = travelText.findIndex((text) => travelOf(text) === null);
    const problem = stage >= 0 ? ({ kind: 'range', stage } as const) : dksTravelProblem(draft.actuation);
    if (!problem) return null;
    if (problem.kind === 'range')
      return t('vendor:dks.range', { stage: t(`dks.stages.${STAGES[problem.stage]!}`) });
    const [press, bottom, release, last] = draft.actuation.map(mm);
    return t(`vendor:dks.${problem.kind}`, { press, bottom, release, last });
  };
  const save = async () => {
    const why = refusal();
    setRefused(why);
    if (why) return;
    try {
      const written: DksEntry[] = [];
      for (const k of targets) {
        const entry = { ...structuredClone(draft), layer, row: k.row, col: k.col };
        await commands.setDks(entry);
        written.push(entry);
      }
      const others = entries.filter((e) => !existing.includes(e));
      onEntries([...others, ...written]);
      outcome.show('success', t('dks.saved'));
    } catch (error) {
      outcome.show('error', readableError(error));
    }
  };
  const clear = async () => {
    try {
      for (const k of targets) if (entryOf(k)) await commands.clearDks(layer, k.row, k.col);
      onEntries(entries.filter((e) => !existing.includes(e)));
      outcome.show('success', t('dks.cleared'));
    } catch (error) {
      outcome.show('error', readableError(error));
    }
  };

  const names = targets.map((k) => k.name).join(', ');
  return (
    <div className="dks-editor">
      <p className="dks-target" data-testid="dks-target">
        {targets.length === 1
          ? t('vendor:dks.editingOne', { name: names, row: targets[0]!.row, col: targets[0]!.col })
          : t('vendor:dks.editingMany', { count: targets.length, names })}
        {mixed && ` ${t('vendor:dks.mixed')}`}
      </p>
      <table className="dks-table">
        <thead>
          <tr>
            <th scope="col">{t('dks.action')}</th>
            {STAGES.map((stage, i) => (
              <th scope="col" key={stage}>
                <label>
                  {t(`dks.stages.${stage}`)}
                  <span className="dks-travel">
                    <input
                      type="number"
                      min={0.01}
                      max={MAX_TRAVEL / UNITS_PER_MM}
                      step={0.01}
                      value={travelText[i] ?? mm(draft.actuation[i]!)}
                      aria-label={t('dks.travel', { stage: t(`dks.stages.${stage}`) })}
                      aria-invalid={travelOf(travelText[i] ?? mm(draft.actuation[i]!)) === null}
                      onChange={(e) => {
                        // Kept as typed; only a travel the keyboard can take reaches the draft.
                        const text = e.target.value;
                        setTravelText((all) => all.map((x, j) => (j === i ? text : x)));
                        const units = travelOf(text);
                        if (units !== null)
                          update((d) => {
                            d.actuation[i] = units;
                            return d;
                          });
                      }}
                    />
                    mm
                  </span>
                </label>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {draft.actions.map((action, a) => (
            <tr key={a}>
              <th scope="row">
                <KeycodePickerField
                  label={t('dks.key', { n: a + 1 })}
                  code={action.keycode}
                  onPick={(code) =>
                    update((d) => {
                      d.actions[a]!.keycode = code;
                      return d;
                    })
                  }
                />
              </th>
              {STAGES.map((stage, s) => (
                <td key={stage}>
                  <select
                    value={action.points[s]}
                    aria-label={t('dks.point', { n: a + 1, stage: t(`dks.stages.${stage}`) })}
                    onChange={(e) =>
                      update((d) => {
                        d.actions[a]!.points[s] = Number(e.target.value) as DksPoint;
                        return d;
                      })
                    }
                  >
                    {DKS_POINTS.map((p) => (
                      <option key={p} value={p}>
                        {t(`dks.points.${POINT_NAMES[p]}`)}
                      </option>
                    ))}
                  </select>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        {withEntry.length > 0 && (
          <button type="button" className="btn" onClick={() => void clear()}>
            {t('dks.clear')}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={() => void save()}>
          {t('save')}
        </button>
      </div>
      {refused && <Message kind="error">{refused}</Message>}
    </div>
  );
}
