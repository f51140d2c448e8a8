import { use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/useTranslation.ts';
import { keycodeForEventCode } from '../../../keycodes/eventCodes.ts';
import { formatKeycode, keyLegend } from '../../../keycodes/index.ts';
import { groupChords } from '../../../macros/chords.ts';
import {
  decodeMacros,
  macroToScript,
  scriptBlocks,
  scriptToMacro,
  type MacroStep,
} from '../../../macros/macroCodec.ts';
import { hasDelays, macroFormatOf } from '../../../macros/macroFormat.ts';
import {
  eventsToSteps,
  parseDelay,
  smartOptimize,
  withEnterAtEnd,
  type RecordedEvent,
} from '../../../macros/recording.ts';
import type { KeyboardState } from '../../../services/keyboardLoader.ts';
import { useAppStores, useSettings } from '../../AppContext.tsx';
import { JobProgressView } from '../../common/JobProgressView.tsx';
import { Message } from '../../common/Message.tsx';
import { PaneTabs } from '../../common/PaneTabs.tsx';
import { writeErrorText } from '../../common/errorText.ts';
import { useRefusalWords } from '../../common/refusalWords.ts';
import { RefusalError } from '../../../lib/refusal.ts';
import { MacroScriptInput } from './MacroScriptInput.tsx';
import { MacroUsage } from './MacroUsage.tsx';
import { checkMacroDraft, macroErrorText } from './checkMacroDraft.ts';
import '../../common/onDemandParts.css';
import '../../common/textInput.css';
import './macros.css';

export interface MacrosPaneProps {
  keyboard: KeyboardState;
  /** Shown above the pane's messages (an unfinished macro save, with its way back). */
  notice?: ReactNode;
}

/** An unsaved edit of one macro: script text from the script view, or steps from the record view. */
type Draft = { kind: 'script'; text: string } | { kind: 'steps'; steps: MacroStep[] };

/** Keyboard Lock keeps the browser and OS from acting on recorded keys (Chromium, in fullscreen). */
interface KeyboardLock {
  lock?(): Promise<void>;
  unlock?(): void;
}

/**
 * Macros (core.md §2): M0…M(n−1) with a record view (steps as chips, delays editable, recording in fullscreen
 * with smart optimisation) and a script view; buffer usage; Undo and Save; Delete for a saved macro.
 */
export function MacrosPane({ keyboard, notice }: MacrosPaneProps) {
  const { t } = useTranslation('panes');
  const { t: ts } = useTranslation('safety');
  const refusalWords = useRefusalWords();
  // Save is one device job (unlock, write, read back): dispatched, its progress shown (state/deviceJobs.ts).
  const jobs = use(useAppStores().jobs.load());
  const { macros } = keyboard;
  // A Vial keyboard's macro format follows its Vial protocol, whatever VIA protocol it reports.
  const format = useMemo(() => macroFormatOf(keyboard), [keyboard]);
  const { protocol } = format;
  const editor = useSettings((s) => s.macroEditor);
  const saved = useMemo(() => decodeMacros(macros.bytes, macros.count, format), [macros, format]);
  const savedScripts = useMemo(() => saved.map((m) => macroToScript(m, format)), [saved, format]);
  // What the keyboard holds is never refused: its blocks pass the typed-script checks as they are.
  const held = useMemo(() => new Set(savedScripts.flatMap(scriptBlocks)), [savedScripts]);
  const [index, setIndex] = useState(0);
  const [view, setView] = useState<'record' | 'script'>('record');
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recording, setRecording] = useState(false);
  const events = useRef<RecordedEvent[]>([]);
  const [live, setLive] = useState<MacroStep[]>([]);
  const delays = hasDelays(format);

  // Recording: every key press and release, until Stop or leaving fullscreen.
  useEffect(() => {
    if (!recording) return;
    const onKey = (event: KeyboardEvent) => {
      event.preventDefault();
      const keycode = keycodeForEventCode(event.code);
      if (keycode === null) return;
      events.current.push({ keycode, type: event.type === 'keydown' ? 'down' : 'up', time: event.timeStamp });
      setLive(eventsToSteps(events.current, false));
    };
    const onFullscreen = () => {
      if (!document.fullscreenElement) setRecording(false);
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keyup', onKey, true);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKey, true);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, [recording]);

  if (!macros.supported) return <p className="card row-hint">{t('configure:macrosUnsupported')}</p>;

  const draft = drafts[index];
  const savedScript = savedScripts[index] ?? '';
  const text = draft
    ? draft.kind === 'script'
      ? draft.text
      : macroToScript(draft.steps, format)
    : savedScript;
  const modified = draft !== undefined && text !== savedScript;
  const capacity = macros.bufferSize - 1;
  const setDraft = (d: Draft) => {
    setDrafts((all) => ({ ...all, [index]: d }));
    setError(null);
  };
  const clearDraft = () => setDrafts(({ [index]: _, ...rest }) => rest);

  /**
   * The steps shown in the record view; a script that does not parse, or does not fit the buffer, keeps the
   * record view empty (a pasted script of 200,000 keys would otherwise draw 200,000 rows).
   */
  let steps: MacroStep[] | null;
  try {
    steps = draft?.kind === 'steps' ? draft.steps : scriptToMacro(text, format, { capacity });
  } catch {
    steps = null;
  }

  const errorText = (e: unknown) => macroErrorText(refusalWords, e);
  const { problem, used: usedNow } = checkMacroDraft(refusalWords, {
    draft: draft?.kind === 'steps' ? draft.steps : draft ? text : null,
    index,
    saved,
    format,
    held,
    capacity,
  });
  const write = async (macro: MacroStep[]) => {
    setError(null);
    try {
      setBusy(true);
      // Refused before any write when the set does not fit; resolves once the keyboard holds it.
      await jobs.getState().saveMacros(saved.map((m, i) => (i === index ? macro : m)));
      clearDraft();
    } catch (e) {
      // A set the buffer cannot hold is refused in the user's words; a locked keyboard names its lock.
      setError(e instanceof RefusalError ? errorText(e) : writeErrorText(ts, e));
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    try {
      void write(draft?.kind === 'steps' ? draft.steps : scriptToMacro(text, format, { typed: { held } }));
    } catch (e) {
      setError(errorText(e));
    }
  };

  const startRecording = async () => {
    try {
      await document.documentElement.requestFullscreen();
      await (navigator as Navigator & { keyboard?: KeyboardLock }).keyboard?.lock?.();
    } catch {
      setError(t('record.fullscreenOnly'));
      return;
    }
    events.current = [];
    setLive([]);
    setRecording(true);
  };
  const stopRecording = async () => {
    setRecording(false);
    (navigator as Navigator & { keyboard?: KeyboardLock }).keyboard?.unlock?.();
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    let recorded = eventsToSteps(events.current, editor.recordDelaysEnabled && delays);
    if (editor.smartOptimizeEnabled) recorded = smartOptimize(recorded);
    if (editor.tapEnterAtEOMEnabled) recorded = withEnterAtEnd(recorded);
    setDraft({ kind: 'steps', steps: recorded });
  };
  const editSteps = (change: (s: MacroStep[]) => MacroStep[]) =>
    steps && setDraft({ kind: 'steps', steps: change(steps) });
  const fullscreenAvailable = typeof document !== 'undefined' && document.fullscreenEnabled;

  return (
    <div className="pane keymap-pane">
      <nav className="submenu" aria-label={t('configure:pane.macros')}>
        {saved.map((_, i) => (
          <button
            key={i}
            type="button"
            aria-current={i === index}
            disabled={recording}
            onClick={() => {
              setIndex(i);
              setError(null);
            }}
          >
            M{i}
          </button>
        ))}
      </nav>
      <div className="macro-editor">
        <div className="macro-head">
          <PaneTabs<'record' | 'script'>
            label={t('record.views')}
            tabs={[
              { id: 'record', label: t('record.tab') },
              { id: 'script', label: t('script.tab') },
            ]}
            current={view}
            disabled={recording}
            onChange={setView}
          />
          <MacroUsage used={usedNow} capacity={capacity} />
        </div>
        {view === 'record' ? (
          <div
            className={`macro-steps${modified ? ' is-modified' : ''}`}
            aria-label={t('macroN', { n: index })}
            role="group"
          >
            {recording ? (
              <>
                <p className="macro-recording" role="status">
                  {t('record.recording')}
                </p>
                <StepList steps={live} protocol={protocol} />
              </>
            ) : steps === null ? (
              <p className="row-hint">{t('record.scriptInvalid')}</p>
            ) : steps.length === 0 ? (
              <p className="row-hint">{t('macroEmpty')}</p>
            ) : (
              <StepList
                steps={steps}
                protocol={protocol}
                onDelete={(from, to) => editSteps((s) => s.filter((_, j) => j < from || j >= to))}
                onDelay={(i, ms) =>
                  editSteps((s) => s.map((step, j) => (j === i ? { kind: 'delay', ms } : step)))
                }
              />
            )}
          </div>
        ) : (
          <>
            <label className="row-label" htmlFor="macro-script">
              {t('macroN', { n: index })}
            </label>
            <MacroScriptInput
              id="macro-script"
              className={`text-input macro-script${modified ? ' is-modified' : ''}`}
              value={text}
              placeholder={t('macroEmpty')}
              invalid={problem !== null || error !== null}
              describedBy={problem === null ? 'macro-help' : 'macro-problem macro-help'}
              protocol={protocol}
              onChange={(next) => setDraft({ kind: 'script', text: next })}
            />
          </>
        )}
        {/* Said as it is typed, beside the field (read with it, not announced at every key). */}
        {problem !== null && (
          <p id="macro-problem" className="message message-error">
            {problem}
          </p>
        )}
        {notice}
        <JobProgressView jobs={jobs} />
        {error && <Message kind="error">{error}</Message>}
        <p id="macro-help" className="row-hint">
          {view === 'script'
            ? `${t('macroHelp')} ${delays ? t('macroDelays') : t('macroNoDelays')}`
            : t('record.help')}
        </p>
        <div className="dialog-actions">
          {view === 'record' &&
            (recording ? (
              <button type="button" className="btn btn-danger" onClick={() => void stopRecording()}>
                {t('record.stop')}
              </button>
            ) : (
              <span title={fullscreenAvailable ? undefined : t('record.fullscreenOnly')}>
                <button
                  type="button"
                  className="btn"
                  disabled={busy || !fullscreenAvailable}
                  onClick={() => void startRecording()}
                >
                  {t('record.start')}
                </button>
              </span>
            ))}
          {!modified && (saved[index]?.length ?? 0) > 0 && !recording && (
            <button type="button" className="btn" disabled={busy} onClick={() => void write([])}>
              {t('record.delete')}
            </button>
          )}
          <button
            type="button"
            className="btn"
            disabled={!modified || busy || recording}
            onClick={clearDraft}
          >
            {t('record.discard', { n: index })}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!modified || busy || recording || problem !== null}
            onClick={save}
          >
            {t('save')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** Bytes as the script writes them (`\x5C\x80`). */
const bytesText = (bytes: readonly number[]) =>
  bytes.map((b) => `\\x${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** A key as its legend on a chip ('Enter', 'C', 'Ctrl'), its full name in the title. */
const keyText = (keycode: number, protocol: number) =>
  keyLegend(keycode, protocol).short || formatKeycode(keycode, protocol);

/**
 * Steps as chips: keys by their legends (↓ down, ↑ up), a chord as one chip (Ctrl+C), text in quotes, delays as
 * editable milliseconds. Deleting a chord's chip deletes all its steps.
 */
function StepList({
  steps,
  protocol,
  onDelete,
  onDelay,
}: {
  steps: readonly MacroStep[];
  protocol: number;
  onDelete?(from: number, to: number): void;
  onDelay?(index: number, ms: number): void;
}) {
  const { t } = useTranslation('panes');
  const groups = groupChords(steps);
  return (
    <ol className="step-list">
      {groups.map((group, n) => {
        const [from, to] = group.kind === 'chord' ? [group.from, group.to] : [group.index, group.index + 1];
        const step = steps[from]!;
        return (
          <li key={from} className={`step step-${group.kind === 'chord' ? 'chord' : step.kind}`}>
            {group.kind === 'chord' ? (
              <span
                title={[...group.modifiers, ...group.keys]
                  .map((k) => keyLegend(k, protocol).title)
                  .join(' + ')}
              >
                {[...group.modifiers, ...group.keys].map((k) => keyText(k, protocol)).join('+')}
              </span>
            ) : step.kind === 'delay' ? (
              <DelayInput ms={step.ms} disabled={!onDelay} onChange={(ms) => onDelay?.(from, ms)} />
            ) : step.kind === 'bytes' ? (
              <span title={t('record.bytes')}>
                <span className="visually-hidden">{t('record.bytes')}: </span>
                {bytesText(step.bytes)}
              </span>
            ) : step.kind === 'text' ? (
              <span>{`“${step.text}”`}</span>
            ) : (
              <span title={keyLegend(step.keycode, protocol).title}>
                {`${step.kind === 'down' ? '↓ ' : step.kind === 'up' ? '↑ ' : ''}${keyText(step.keycode, protocol)}`}
              </span>
            )}
            {onDelete && (
              <button
                type="button"
                className="step-delete"
                aria-label={t('record.deleteStep', { n: n + 1 })}
                onClick={() => onDelete(from, to)}
              >
                ×
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A delay in ms: only digits are typed; it is applied only when over 0 and under 100000 (core.md §5). */
function DelayInput({
  ms,
  disabled,
  onChange,
}: {
  ms: number;
  disabled: boolean;
  onChange(ms: number): void;
}) {
  const { t } = useTranslation('panes');
  const [text, setText] = useState(String(ms));
  useEffect(() => setText(String(ms)), [ms]);
  const valid = parseDelay(text) !== null;
  return (
    <label className="step-delay">
      <input
        value={text}
        inputMode="numeric"
        disabled={disabled}
        aria-invalid={!valid}
        aria-label={t('record.delay')}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '');
          setText(digits);
          const parsed = parseDelay(digits);
          if (parsed !== null) onChange(parsed);
        }}
      />
      ms
    </label>
  );
}
