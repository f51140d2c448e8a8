import type { KeychronBoardData } from './boards/keychronBoardData.ts';
import type { KeychronHost, KeychronModel } from './KeychronModel.ts';

/** How a Keychron firmware was built: its board and build date, and the model answering for it. */
export interface KeychronBuildOptions {
  board: KeychronBoardData;
  buildDate: string;
  createModel(options: KeychronBuildOptions, host: KeychronHost): KeychronModel;
}
