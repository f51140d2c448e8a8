import {
  entryGetRequest,
  entrySetRequest,
  readDynamicCounts,
  readEntry,
  readSettingsQuery,
  settingGetRequest,
  settingSetRequest,
  settingsQueryRequest,
  vialRequest,
  DYNAMIC,
  VIAL,
  type DynamicCounts,
} from '../protocol/vial.ts';
import { VIAL_VERSION } from '../qmk/protocolVersions.ts';
import { ENTRY_CODECS, sameEntry, type EntryKind, type EntryOf } from '../vial/entries.ts';

// The store reaches these through this module, which loads only for a Vial keyboard.
export { entryNeedsUnlock, sameEntry } from '../vial/entries.ts';
import { decodeSetting, encodeSetting, isKnownSetting } from '../vial/qmkSettings.ts';

/**
 * Tap dance, combos, key overrides and QMK settings of a Vial keyboard over one request function. Reads take
 * the protocol's minimum: one request for the counts, one per entry, one per 16 setting ids, one per known
 * setting — nothing is read twice. A write sends the one entry or setting and reads back only that one; a
 * refusal or a read-back that differs is a VialWriteError naming what failed (the store rolls back).
 */

/** What the Vial recognition adds to a loaded keyboard (KeyboardState.vial, docs/vial-protocol.md). */
export interface VialInfo {
  protocol: number;
  uid: string;
  vialRgb: boolean;
}

/** Sends one Vial request (`FE id args…`, padded to 32 bytes by the client) and resolves with the reply. */
export interface VialLink {
  vial(request: readonly number[]): Promise<Uint8Array>;
}

/** The Configure panes a Vial keyboard gets (decided here, with the data, so the first screen carries no rules). */
export type VialPaneId = 'lighting' | 'tapDance' | 'combos' | 'keyOverrides' | 'qmkSettings';

export interface VialFeatureData {
  /** Lighting with VialRGB, a feature with entries (count > 0), QMK settings when it reports any known id. */
  panes: VialPaneId[];
  counts: DynamicCounts;
  tapDance: EntryOf<'tapDance'>[];
  combos: EntryOf<'combo'>[];
  keyOverrides: EntryOf<'keyOverride'>[];
  /** Setting ids the firmware reported, in its order (known or not). */
  reportedSettings: number[];
  /** Values of the reported ids Keyloom knows, by qsid. */
  settings: Record<number, number>;
}

export class VialWriteError extends Error {
  constructor(
    message: string,
    readonly what: { kind: EntryKind; index: number } | { kind: 'setting'; qsid: number } | { kind: 'reset' },
  ) {
    super(message);
    this.name = 'VialWriteError';
  }
}

/** Most setting-id queries before giving up on a firmware that never sends the end marker. */
const MAX_SETTING_QUERIES = 64;

/**
 * Reads everything the keyboard's Vial protocol has; older versions get empty lists (and no requests). VialRGB
 * (the keyboard id's flag) adds the Lighting pane, whose values its pane reads when opened.
 */
export async function readVialFeatures(
  link: VialLink,
  vialProtocol: number,
  vialRgb = false,
): Promise<VialFeatureData> {
  const data: VialFeatureData = {
    panes: vialRgb ? ['lighting'] : [],
    counts: { tapDance: 0, combos: 0, keyOverrides: 0 },
    tapDance: [],
    combos: [],
    keyOverrides: [],
    reportedSettings: [],
    settings: {},
  };
  if (vialProtocol < VIAL_VERSION.DYNAMIC_ENTRIES) return data;
  const counts = readDynamicCounts(await link.vial(vialRequest(VIAL.DYNAMIC_ENTRY_OP, DYNAMIC.COUNTS)));
  data.counts = {
    ...counts,
    keyOverrides: vialProtocol >= VIAL_VERSION.KEY_OVERRIDES ? counts.keyOverrides : 0,
  };
  for (let i = 0; i < data.counts.tapDance; i++) data.tapDance.push(await readEntryAt(link, 'tapDance', i));
  for (let i = 0; i < data.counts.combos; i++) data.combos.push(await readEntryAt(link, 'combo', i));
  for (let i = 0; i < data.counts.keyOverrides; i++)
    data.keyOverrides.push(await readEntryAt(link, 'keyOverride', i));
  data.reportedSettings = await querySettings(link);
  for (const qsid of data.reportedSettings) {
    if (!isKnownSetting(qsid)) continue;
    const value = await readSetting(link, qsid);
    if (value !== null) data.settings[qsid] = value;
  }
  if (data.counts.tapDance > 0) data.panes.push('tapDance');
  if (data.counts.combos > 0) data.panes.push('combos');
  if (data.counts.keyOverrides > 0) data.panes.push('keyOverrides');
  if (Object.keys(data.settings).length > 0) data.panes.push('qmkSettings');
  return data;
}

/** Every setting id the firmware has: queries "ids greater than the largest seen" until the 0xFFFF marker. */
async function querySettings(link: VialLink): Promise<number[]> {
  const ids: number[] = [];
  let after = 0;
  for (let i = 0; i < MAX_SETTING_QUERIES; i++) {
    const { ids: got, done } = readSettingsQuery(await link.vial(settingsQueryRequest(after)));
    const fresh = got.filter((id) => id > after);
    ids.push(...fresh);
    if (done || fresh.length === 0) break;
    after = Math.max(...fresh);
  }
  return ids;
}

/** One setting's value (one request), or null when the firmware refused the id (status ≠ 0). */
export async function readSetting(link: VialLink, qsid: number): Promise<number | null> {
  const reply = await link.vial(settingGetRequest(qsid));
  return reply[0] === 0 ? decodeSetting(qsid, reply.subarray(1)) : null;
}

export async function readEntryAt<K extends EntryKind>(
  link: VialLink,
  kind: K,
  index: number,
): Promise<EntryOf<K>> {
  const codec = ENTRY_CODECS[kind];
  const { ok, bytes } = readEntry(await link.vial(entryGetRequest(codec.get, index)));
  if (!ok) throw new VialWriteError(`Reading ${label(kind)} ${index} failed`, { kind, index });
  return codec.decode(bytes) as EntryOf<K>;
}

/**
 * What the keyboard holds after a write failed (the reply was refused, garbled or lost — the write may or may
 * not have happened): the entry or setting read once more, or null when that fails too.
 */
export async function readAfterFailure<K extends EntryKind>(
  link: VialLink,
  what: { kind: K; index: number } | { kind: 'setting'; qsid: number },
): Promise<EntryOf<K> | number | null> {
  try {
    if ('qsid' in what) return await readSetting(link, what.qsid);
    return await readEntryAt(link, what.kind, what.index);
  } catch {
    return null;
  }
}

const label = (kind: EntryKind) =>
  ({ tapDance: 'tap dance', combo: 'combo', keyOverride: 'key override' })[kind];

/** Writes one entry and reads back only that one; resolves with what the keyboard holds. */
export async function writeEntry<K extends EntryKind>(
  link: VialLink,
  kind: K,
  index: number,
  entry: EntryOf<K>,
): Promise<EntryOf<K>> {
  const codec = ENTRY_CODECS[kind];
  const status = await link.vial(entrySetRequest(codec.set, index, codec.encode(entry as never)));
  if (status[0] !== 0)
    throw new VialWriteError(`The keyboard refused ${label(kind)} ${index}`, { kind, index });
  const back = await readEntryAt(link, kind, index);
  if (!sameEntry(kind, back, entry))
    throw new VialWriteError(`${label(kind)} ${index} did not read back as written`, { kind, index });
  return back;
}

/** Writes one setting and reads back only that one. */
export async function writeSetting(link: VialLink, qsid: number, value: number): Promise<number> {
  const status = await link.vial(settingSetRequest(qsid, encodeSetting(qsid, value)));
  if (status[0] !== 0)
    throw new VialWriteError(`The keyboard refused QMK setting ${qsid}`, { kind: 'setting', qsid });
  const back = await readSetting(link, qsid);
  if (back !== value)
    throw new VialWriteError(`QMK setting ${qsid} did not read back as written`, { kind: 'setting', qsid });
  return back;
}

/** Resets every QMK setting to the firmware's defaults, then reads the known ones back (their new values). */
export async function resetSettings(
  link: VialLink,
  reported: readonly number[],
): Promise<Record<number, number>> {
  await link.vial(vialRequest(VIAL.QMK_SETTINGS_RESET));
  const settings: Record<number, number> = {};
  for (const qsid of reported) {
    if (!isKnownSetting(qsid)) continue;
    const value = await readSetting(link, qsid);
    if (value !== null) settings[qsid] = value;
  }
  return settings;
}
