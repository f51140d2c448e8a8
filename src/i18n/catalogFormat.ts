/**
 * What the build step (scripts/compileCatalog.ts) and the run time (strings.ts) agree on about compiled catalogs.
 * Pure: no Lingui, no React, so the build can import it without the app.
 */

/** One message compiled for Lingui's runtime: text pieces, `[name]` placeholders, `[name, 'plural', cases]`. */
export type CompiledToken = string | CompiledArgument;
export type CompiledArgument = [name: string] | [name: string, type: string, format?: unknown];
export type CompiledMessage = CompiledToken[];

/** One namespace in one language, keyed by the flattened i18next-style key (`doctor.title`). */
export type CompiledCatalog = Record<string, CompiledMessage>;

/**
 * Lingui's runtime turns `\xHH` and `\uHHHH` in a finished message into the character they name, and the catalogs
 * show those to the user as written (`{\x5C}` in the macro help). Every backslash, in the catalogs' text and in
 * the values placed into it, travels as this noncharacter (U+FDD0, reserved by Unicode for a program's own use,
 * never text) and is turned back after formatting, so Lingui never sees one.
 */
export const BACKSLASH_STAND_IN = '\uFDD0';
