import type { VirtualKeyboardConfig } from '../config.ts';
import type { KeychronBoardData } from './boards/keychronBoardData.ts';
import { keychronConfig } from './keychronBuild.ts';
import { C1_PRO_8K_ANSI } from './boards/c1Pro8kAnsi.ts';
import { Q1V2_ANSI_ENCODER } from './boards/q1v2AnsiEncoder.ts';

/** A virtual Keychron board: its `?virtual=` id, and its board data. */
export interface KeychronDemo {
  /** `?virtual=<id>` and the 'Try a virtual keyboard' entry. */
  id: string;
  board: KeychronBoardData;
}

/** The virtual Keychron boards (docs/keychron-protocol.md). */
export const KEYCHRON_DEMOS: readonly KeychronDemo[] = [
  { id: 'keychron-q1v2', board: Q1V2_ANSI_ENCODER },
  { id: 'keychron-c1-pro-8k', board: C1_PRO_8K_ANSI },
];

/** The board `keyloom virtual-keyboard --keychron <id>` names (its QMK folder: `q1v2_ansi_encoder` …). */
export function findKeychronBoard(id: string): KeychronBoardData | undefined {
  return KEYCHRON_DEMOS.find((d) => d.board.id === id)?.board;
}

export function findKeychronDemo(id: string): KeychronDemo | undefined {
  return KEYCHRON_DEMOS.find((d) => d.id === id);
}

/** The firmware config of virtual Keychron board `id` (`keychron-q1v2` …); throws on an unknown id. */
export function keychronDemoConfig(id: string): VirtualKeyboardConfig {
  const demo = findKeychronDemo(id);
  if (!demo) throw new Error(`Unknown virtual keyboard '${id}'`);
  return keychronConfig(demo.board);
}
