import { actuationCommands } from '../protocol/actuationCommands.ts';
import type { ViaCommands } from '../protocol/viaCommands.ts';
import type { ActuationCommands } from './featureCommands.ts';

/** What the Actuation pane is given: the keyboard's command set, whose client its own commands go over. */
export type ActuationSource = Pick<ViaCommands, 'client'>;

/**
 * The Hall-effect requests of a keyboard. Only boards whose vendor config says `actuation` use them, so their
 * byte layouts (protocol/actuationCommands.ts) load with the Actuation pane, not on the first screen.
 */
export function actuationCommandsOf(source: ActuationSource): ActuationCommands {
  return actuationCommands(source);
}
