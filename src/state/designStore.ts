import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DefinitionVersion } from '../definitions/compile.ts';
import type { DesignDraft } from '../definitions/designImport.ts';
import type { KeyValueStorage } from './storage.ts';
import { z } from '../formats/zodMini.ts';
import { BAD_STORED_VALUE, readStored, type ReportBadValue } from './storedValue.ts';
import { firstIssue, zodReader } from '../formats/zodReader.ts';

import { DRAFTS_KEY } from './designDraftsKey.ts';

export { DRAFTS_KEY };
export const WARNING_SEEN_KEY = 'keyloom-design-warning-seen';
export const WARNING_DISMISSED_KEY = 'keyloom-design-warning-dismissed';
/** The warning shows until it has been seen more than this many times (extended.md §9). */
export const WARNING_THRESHOLD = 4;

export interface DesignState {
  /** Draft definitions by version, keyed by vendorProductId (a newer file of the same board replaces it). */
  drafts: Record<DefinitionVersion, DesignDraft[]>;
  /** The shown draft per version (its vendorProductId). */
  shown: Record<DefinitionVersion, number | null>;
  /** Layout-option choices per shown draft. */
  choices: Record<number, number[]>;
  showMatrix: boolean;
  add(drafts: DesignDraft[]): void;
  remove(version: DefinitionVersion, vendorProductId: number): void;
  show(version: DefinitionVersion, vendorProductId: number): void;
  setChoice(vendorProductId: number, option: number, choice: number): void;
  setShowMatrix(on: boolean): void;
}

/**
 * What a stored draft must have for the Design tab to list and draw it (the definition was fully checked when
 * the file was imported; this guards against storage edited or damaged since).
 */
const DraftSchema = z.object({
  fileName: z.string(),
  version: z.enum(['v2', 'v3']),
  definition: z.looseObject({
    name: z.string(),
    vendorProductId: z.int().check(z.minimum(0)),
    matrix: z.looseObject({ rows: z.int().check(z.minimum(0)), cols: z.int().check(z.minimum(0)) }),
    layouts: z.looseObject({
      keys: z.array(z.looseObject({ x: z.number(), y: z.number(), w: z.number(), h: z.number() })),
      labels: z.optional(z.array(z.unknown())),
    }),
  }),
});
const DraftListsSchema = z.object({ v2: z.array(z.unknown()), v3: z.array(z.unknown()) });

/**
 * The Design tab's drafts, kept in local storage so a maker's work survives a reload. Writing is best-effort:
 * a full storage keeps the drafts for this session and never touches other keys.
 */
export function createDesignStore(
  storage: KeyValueStorage,
  report: ReportBadValue = () => undefined,
): StoreApi<DesignState> {
  // Each draft is checked on its own: a bad one is dropped (and reported) without losing the others.
  const read = (): Record<DefinitionVersion, DesignDraft[]> => {
    const stored = readStored(storage, DRAFTS_KEY, zodReader(DraftListsSchema), report);
    if (!stored) return { v2: [], v3: [] };
    const drafts = { v2: [] as DesignDraft[], v3: [] as DesignDraft[] };
    let dropped = false;
    for (const version of ['v2', 'v3'] as const) {
      for (const [i, item] of stored[version].entries()) {
        const parsed = DraftSchema.safeParse(item);
        if (parsed.success && parsed.data.version === version) {
          drafts[version].push(parsed.data as unknown as DesignDraft);
        } else {
          dropped = true;
          const reason = parsed.success ? 'version: in the wrong list' : firstIssue(parsed.error);
          report(BAD_STORED_VALUE(DRAFTS_KEY, `${version}.${i}.${reason}`));
        }
      }
    }
    if (dropped) save(drafts);
    return drafts;
  };
  const save = (drafts: Record<DefinitionVersion, DesignDraft[]>) => {
    try {
      storage.setItem(DRAFTS_KEY, JSON.stringify(drafts));
    } catch {
      // Storage full: drafts stay for this session.
    }
  };
  const initial = read();
  return createStore<DesignState>((set, get) => ({
    drafts: initial,
    shown: {
      v2: initial.v2[0]?.definition.vendorProductId ?? null,
      v3: initial.v3[0]?.definition.vendorProductId ?? null,
    },
    choices: {},
    showMatrix: false,
    add(added) {
      const drafts = { v2: [...get().drafts.v2], v3: [...get().drafts.v3] };
      const shown = { ...get().shown };
      for (const draft of added) {
        const list = drafts[draft.version];
        const at = list.findIndex((d) => d.definition.vendorProductId === draft.definition.vendorProductId);
        if (at >= 0) list[at] = draft;
        else list.push(draft);
        shown[draft.version] = draft.definition.vendorProductId;
      }
      save(drafts);
      set({ drafts, shown });
    },
    remove(version, vpid) {
      const list = get().drafts[version].filter((d) => d.definition.vendorProductId !== vpid);
      const drafts = { ...get().drafts, [version]: list };
      save(drafts);
      const shown =
        get().shown[version] === vpid ? (list[0]?.definition.vendorProductId ?? null) : get().shown[version];
      set({ drafts, shown: { ...get().shown, [version]: shown } });
    },
    show: (version, vpid) => set({ shown: { ...get().shown, [version]: vpid } }),
    setChoice(vpid, option, choice) {
      const current = [...(get().choices[vpid] ?? [])];
      current[option] = choice;
      set({ choices: { ...get().choices, [vpid]: current } });
    },
    setShowMatrix: (showMatrix) => set({ showMatrix }),
  }));
}

/** Whether the warning dialog shows: until seen more than 4 times, or dismissed for this session. */
export function designWarningDue(local: KeyValueStorage, session: KeyValueStorage): boolean {
  const seen = Number(local.getItem(WARNING_SEEN_KEY) ?? '0') || 0;
  return seen <= WARNING_THRESHOLD && session.getItem(WARNING_DISMISSED_KEY) !== '1';
}

export function markDesignWarningSeen(local: KeyValueStorage): void {
  const seen = Number(local.getItem(WARNING_SEEN_KEY) ?? '0') || 0;
  try {
    local.setItem(WARNING_SEEN_KEY, String(seen + 1));
  } catch {
    // Not remembered: the warning shows again next time, which is harmless.
  }
}
