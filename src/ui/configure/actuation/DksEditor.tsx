import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultDks,
  DKS_POINTS,
  MAX_TRAVEL,
  UNITS_PER_MM,
  type DksEntry,
  type DksPoint,
} from '../../../protocol/actuation.ts';
import type { ViaCommands } from '../../../protocol/viaCommands.ts';
import { Message } from '../../common/Message.tsx';
import { readableError } from '../../common/errorText.ts';
import { KeycodeInput } from '../keymap/KeycodeInput.tsx';

const STAGES = ['firstPress', 'bottom', 'release', 'lastRelease'] as const;
const POINT_NAMES = ['hold', 'press', 'release', 'tap'] as const;

/**
 * Dynamic keystrokes on one key: four actions (a keycode each) and what each does at four stages of travel —
 * first press, bottoming out, releasing from the bottom, last release — plus the travel of each stage.
 */
export function DksEditor({
  commands,
  protocol,
  layer,
  position,
  entries,
  onEntries,
}: {
  commands: ViaCommands;
  protocol: number;
  layer: number;
  /** The key being edited (row, col), or null when none is selected. */
  position: readonly [number, number] | null;
  entries: DksEntry[];
  onEntries(entries: DksEntry[]): void;
}) {
  const { t } = useTranslation('configure');
  const existing = position
    ? entries.find((e) => e.layer === layer && e.row === position[0] && e.col === position[1])
    : undefined;
  const [draft, setDraft] = useState<DksEntry | null>(null);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  // Another key (or layer): edit its entry, or a fresh default one. (Saving changes `existing` but not the key.)
  const [row, col] = position ?? [-1, -1];
  useEffect(() => {
    setDraft(row >= 0 ? (existing ?? defaultDks(layer, row, col)) : null);
    setMessage(null);
  }, [row, col, layer]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!position || !draft) return <p className="row-hint">{t('dks.selectKey')}</p>;

  const update = (change: (e: DksEntry) => DksEntry) => setDraft(change(structuredClone(draft)));
  const save = async () => {
    try {
      await commands.setDks(draft);
      onEntries([...entries.filter((e) => e !== existing), draft]);
      setMessage({ kind: 'success', text: t('dks.saved') });
    } catch (error) {
      setMessage({ kind: 'error', text: readableError(error) });
    }
  };
  const clear = async () => {
    try {
      await commands.clearDks(layer, position[0], position[1]);
      onEntries(entries.filter((e) => e !== existing));
      setMessage({ kind: 'success', text: t('dks.cleared') });
    } catch (error) {
      setMessage({ kind: 'error', text: readableError(error) });
    }
  };

  return (
    <div className="dks-editor">
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
                      value={(draft.actuation[i]! / UNITS_PER_MM).toFixed(2)}
                      aria-label={t('dks.travel', { stage: t(`dks.stages.${stage}`) })}
                      onChange={(e) =>
                        update((d) => {
                          const mm = Math.min(
                            Math.max(Number(e.target.value) || 0, 0),
                            MAX_TRAVEL / UNITS_PER_MM,
                          );
                          d.actuation[i] = Math.round(mm * UNITS_PER_MM);
                          return d;
                        })
                      }
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
                <KeycodeInput
                  id={`dks-key-${a}`}
                  label={t('dks.key', { n: a + 1 })}
                  protocol={protocol}
                  code={action.keycode}
                  onCommit={(code) =>
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
        {existing && (
          <button type="button" className="btn" onClick={() => void clear()}>
            {t('dks.clear')}
          </button>
        )}
        <button type="button" className="btn btn-primary" onClick={() => void save()}>
          {t('save')}
        </button>
      </div>
      {message && <Message kind={message.kind}>{message.text}</Message>}
    </div>
  );
}
