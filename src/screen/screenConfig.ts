import {
  arrayOf,
  boolean,
  int,
  object,
  oneOf,
  optional,
  string,
  tryRead,
  withDefault,
  type ReaderOutput,
} from '../formats/shape.ts';

/** One output format the keyboard's screen takes (extended.md §3 "Export option"). */
const readExportOption = object({
  label: string({ min: 1 }),
  owidth: int(1, 2048),
  oheight: int(1, 2048),
  format: optional(string()),
  orientations: optional(arrayOf(string())),
  animFramesLimit: optional(int(1, 65535)),
});
export type ExportOption = ReaderOutput<typeof readExportOption>;

const readScreenConfig = object({
  fileTypes: arrayOf(
    object({
      type: oneOf(['image', 'video', 'slider', 'theme']),
      options: arrayOf(readExportOption, { min: 1 }),
    }),
    { min: 1 },
  ),
  menus: optional(arrayOf(string())),
  swapBit: optional(boolean),
  maxOutputSize: withDefault(int(-1), -1),
  maxFgFileCount: withDefault(int(0), 0),
});
export type ScreenConfig = ReaderOutput<typeof readScreenConfig>;

/** The vendor config's `screen` entry, or null when it is malformed (the pane is then not offered). */
export function screenConfig(raw: unknown): ScreenConfig | null {
  // Most boards have no screen: say so without building the reader's error.
  if (raw === undefined) return null;
  const parsed = tryRead(readScreenConfig, raw);
  return parsed.ok ? parsed.value : null;
}
