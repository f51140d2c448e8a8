import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ParsedLayout } from '../formats/layoutFile.ts';
import type { MacroStep } from '../macros/macroCodec.ts';
import type { VialSection } from '../vial/vialSection.ts';
import type { CommandState } from './commands.ts';
import type { ErrorState } from './errorStore.ts';
import {
  loadLayout,
  restoreLayout,
  retryLayout,
  type LayoutContext,
  type LayoutOutcome,
} from './layoutActions.ts';
import { saveBackup } from './layoutBackup.ts';
import { currentLayout } from '../services/layoutTransfer.ts';
import type { LazyStore } from './lazyStore.ts';
import { macroWriter, type MacroWriterContext } from './macroWriter.ts';
import type { KeyValueStorage } from './storage.ts';
import type { VialFeaturesState } from './vialFeaturesStore.ts';
import { applyVialSection, type VialLoadNote } from './vialLayoutFile.ts';
import { writeLayoutSettings } from './layoutSettingsWrite.ts';
import type { LayoutSettings } from '../formats/layoutSettings.ts';

/**
 * The multi-step device jobs the UI starts, each one command: a layout load (plan → backup → write → read back,
 * then the file's Vial entries), its Retry and Restore, a macro save and a fault's macro write. The UI dispatches
 * a command and renders `progress`; it never puts the steps together itself. One job runs at a time per store
 * (the panes disable their actions while one runs; layout writes are also queued per keyboard session in
 * layoutActions.ts).
 */

export type DeviceJob = 'layoutLoad' | 'layoutRetry' | 'layoutRestore' | 'macroSave';
/**
 * planning: working out the writes; writing / readBack: `done` of `total` steps; vial: the Vial entries;
 * settings: the file's layout options, lighting and menu values (the backup taken before a flash has them).
 */
export type JobStep = 'planning' | 'writing' | 'readBack' | 'vial' | 'settings';

export interface JobProgress {
  job: DeviceJob;
  step: JobStep;
  /** Steps done of `total` (0 of 0 where the step is not counted). */
  done: number;
  total: number;
}

export interface LayoutJobResult {
  outcome: LayoutOutcome;
  /** What the file's Vial section could not take or failed to write, and settings that failed (empty without). */
  vialNotes: VialLoadNote[];
}

export interface DeviceJobsState {
  /** The job running and how far it is; null when none is. */
  progress: JobProgress | null;
  /** A file's Vial section kept for a Retry of the keymap load it came with (Restore drops it). */
  waitingVial: VialSection | null;
  /**
   * Loads a checked layout (one undo step), then its Vial section and its settings when the keymap part was
   * written.
   */
  loadLayout(
    layout: ParsedLayout,
    vialSection?: VialSection | null,
    settings?: LayoutSettings | null,
  ): Promise<LayoutJobResult>;
  /** Writes what a stopped layout write left, then the Vial section that waited for it. */
  retryLayout(): Promise<LayoutJobResult>;
  /** Puts back what a stopped layout write may have changed. */
  restoreLayout(): Promise<LayoutOutcome>;
  /** Keeps the keyboard's layout now as its backup (instead of the one before the session's first load). */
  keepBackup(): void;
  /** The Macros pane's Save: the whole set, encoded for the keyboard, written and read back. */
  saveMacros(macros: readonly (readonly MacroStep[])[]): Promise<void>;
  /** A macro fault's Retry / Put back: the bytes it recorded. */
  writeMacroBytes(bytes: Uint8Array): Promise<void>;
}

/** What the jobs use of the app: the device runtime's parts (app/DeviceRuntime.ts has them) and three stores. */
export interface DeviceJobsDeps extends MacroWriterContext {
  /** Keyboards whose layout backup was taken in this session. */
  backedUp: Set<number>;
  vialFeatures: LazyStore<VialFeaturesState>;
}

export function createDeviceJobs(
  runtime: DeviceJobsDeps,
  app: {
    commands: StoreApi<CommandState>;
    errors: StoreApi<ErrorState>;
    storage: KeyValueStorage;
    now?: () => number;
  },
): StoreApi<DeviceJobsState> {
  const logError = (message: string) => app.errors.getState().logAppError({ message });
  return createStore<DeviceJobsState>()((set, get) => {
    /** Runs `job` with its progress shown from `planning`; whatever happens, no job shows afterwards. */
    const running = async <T>(job: DeviceJob, run: () => Promise<T>): Promise<T> => {
      set({ progress: { job, step: 'planning', done: 0, total: 0 } });
      try {
        return await run();
      } finally {
        set({ progress: null });
      }
    };
    const step = (job: DeviceJob) => (phase: JobStep, done: number, total: number) =>
      set({ progress: { job, step: phase, done, total } });
    const layoutContext = async (job: DeviceJob): Promise<LayoutContext> => ({
      devices: runtime.store,
      commands: app.commands,
      faults: await runtime.writeFaults.load(),
      storage: app.storage,
      backedUp: runtime.backedUp,
      now: app.now ?? Date.now,
      logError,
      onProgress: step(job),
    });
    /** After the keymap: the Vial entries and settings, each written and read back as an edit in their panes. */
    const vialPart = async (job: DeviceJob, section: VialSection | null): Promise<VialLoadNote[]> => {
      set({ waitingVial: null });
      const keyboard = runtime.store.getState().keyboard;
      if (!section || !keyboard) return [];
      step(job)('vial', 0, 0);
      return applyVialSection(section, keyboard, runtime.vialFeatures.current);
    };
    // A file's settings, like its Vial part, wait for a Retry when the keymap write stops.
    let waitingSettings: LayoutSettings | null = null;
    /** After the keymap: the Vial entries, then the settings, each written and read back; failures as notes. */
    const afterKeymap = async (job: DeviceJob, section: VialSection | null): Promise<VialLoadNote[]> => {
      const notes = await vialPart(job, section);
      const settings = waitingSettings;
      waitingSettings = null;
      if (!settings) return notes;
      step(job)('settings', 0, 0);
      const failed = await writeLayoutSettings(runtime.store, settings);
      return [...notes, ...failed.map((message) => ({ kind: 'writeFailed' as const, message }))];
    };
    const macros = (job: DeviceJob) => macroWriter(runtime, app.errors, (phase) => step(job)(phase, 0, 0));

    return {
      progress: null,
      waitingVial: null,
      loadLayout: (layout, vialSection = null, settings = null) =>
        running('layoutLoad', async () => {
          set({ waitingVial: null });
          waitingSettings = settings;
          const outcome = await loadLayout(await layoutContext('layoutLoad'), layout);
          // A stopped keymap write keeps the Vial part for a successful Retry.
          if (outcome === 'failed') {
            set({ waitingVial: vialSection });
            return { outcome, vialNotes: [] };
          }
          return { outcome, vialNotes: await afterKeymap('layoutLoad', vialSection) };
        }),
      retryLayout: () =>
        running('layoutRetry', async () => {
          const ctx = await layoutContext('layoutRetry');
          const restoring = ctx.faults.getState().layout?.kind === 'restore';
          const outcome = await retryLayout(ctx);
          if (outcome === 'failed' || restoring) return { outcome, vialNotes: [] };
          return { outcome, vialNotes: await afterKeymap('layoutRetry', get().waitingVial) };
        }),
      restoreLayout: () =>
        running('layoutRestore', async () => {
          set({ waitingVial: null });
          waitingSettings = null;
          return restoreLayout(await layoutContext('layoutRestore'));
        }),
      keepBackup: () => {
        const keyboard = runtime.store.getState().keyboard;
        if (!keyboard) return;
        saveBackup(app.storage, currentLayout(keyboard), (app.now ?? Date.now)());
        runtime.backedUp.add(keyboard.definition.vendorProductId);
      },
      saveMacros: (list) => running('macroSave', () => macros('macroSave').writeMacros(list)),
      writeMacroBytes: (bytes) => running('macroSave', () => macros('macroSave').writeBytes(bytes)),
    };
  });
}
