import { parseKeycode } from '../keycodes/index.ts';

/** QMK's tap dance keycodes (QK_TAP_DANCE), the same numbers in both numberings: Vial's TD(n). */
const TAP_DANCE = { first: 0x5700, last: 0x57ff } as const;

// vial-gui writes the 64-bit UID as a JSON number, which JSON.parse rounds to a double: compare as doubles.
const uidNumber = (uid: string | number): number =>
  typeof uid === 'number'
    ? uid
    : /^(0x)?[0-9a-f]{1,16}$/i.test(uid)
      ? Number(BigInt(`0x${uid.replace(/^0x/i, '')}`))
      : NaN;
const uidText = (uid: string | number): string =>
  typeof uid === 'number'
    ? BigInt(Math.trunc(Math.max(0, uid)))
        .toString(16)
        .padStart(16, '0')
    : uid;

/** What the import says of the file's keyboard (part of vilFile.ts's VilNotice). */
export type VilOriginNotice =
  | { kind: 'otherUid'; fileUid: string; fileKeyboard: string | null; keyboard: string }
  | { kind: 'notVial'; fileKeyboard: string | null; keyboard: string };

/** What vilOrigin reads of the keyboard the file is imported on (vilFile.ts's VilTarget has it). */
export interface VilOriginTarget {
  name: string;
  rows: number;
  cols: number;
  uid?: string | undefined;
  vial?: boolean | undefined;
  keyboardOfUid?: ((uid: string) => string | null) | undefined;
}

type Sizes = { fileRows: number; fileCols: number; keyboard: string; rows: number; cols: number };

/**
 * Which keyboard a .vil was saved from, against the one it is imported on (issue 38 item 3). vial-gui saves every
 * matrix position (−1 where no key sits) and the board's UID: a file with a UID whose matrix is not the keyboard's
 * is another keyboard's, its keys would land in other places, and it is refused, naming both keyboards. With the
 * same matrix, another UID or a Vial file on a board without Vial is a notice the Load preview shows first. A file
 * without a UID was not saved by vial-gui (written by hand, or cut down): read by row and column.
 */
export function vilOrigin(
  vil: { uid?: string | number | undefined; layout: readonly (readonly unknown[])[][] },
  target: VilOriginTarget,
):
  | { ok: true; notices: VilOriginNotice[]; ownFile: boolean }
  | { ok: false; code: 'otherKeyboardNamed'; values: Sizes & { file: string } }
  | { ok: false; code: 'otherKeyboard'; values: Sizes & { uid: string } } {
  const fileUid = vil.uid === undefined ? null : uidText(vil.uid);
  const fileKeyboard = fileUid === null ? null : (target.keyboardOfUid?.(fileUid) ?? null);
  const fileRows = vil.layout[0]!.length;
  const fileCols = Math.max(0, ...vil.layout[0]!.map((row) => row.length));
  if (fileUid !== null && (fileRows !== target.rows || fileCols !== target.cols)) {
    const sizes = { fileRows, fileCols, keyboard: target.name, rows: target.rows, cols: target.cols };
    return fileKeyboard
      ? { ok: false, code: 'otherKeyboardNamed', values: { ...sizes, file: fileKeyboard } }
      : { ok: false, code: 'otherKeyboard', values: { ...sizes, uid: fileUid } };
  }
  const notices: VilOriginNotice[] = [];
  const ownFile =
    fileUid !== null && target.uid !== undefined && uidNumber(fileUid) === uidNumber(target.uid);
  if (fileUid !== null && target.uid !== undefined && !ownFile)
    notices.push({ kind: 'otherUid', fileUid, fileKeyboard, keyboard: target.name });
  if (fileUid !== null && target.vial === false)
    notices.push({ kind: 'notVial', fileKeyboard, keyboard: target.name });
  return { ok: true, notices, ownFile };
}

/** A key a board without tap dance cannot use: TD(n), as text Keyloom's parser reads. */
export function isTapDanceKey(text: string, protocol: number): boolean {
  const code = parseKeycode(text, protocol);
  return code !== null && code >= TAP_DANCE.first && code <= TAP_DANCE.last;
}
