import type { ViaCommands } from '../protocol/viaCommands.ts';
import type { KeyboardState } from './keyboardLoader.ts';
import { problemOf } from './keychronProblem.ts';
import { readKeychronInfo } from './keychronSettings.ts';

/**
 * A Keychron board answers 0xA0 with its protocol (docs/keychron-protocol.md); any other keyboard costs one
 * short question, asked before the menu values so a Keychron board is never asked for values its firmware
 * mishandles (`keychronKnowsValue`). This module (the Keychron features' reading: flags and firmware version)
 * loads only after a yes (families/viaSession.ts).
 */
export async function keychronOf(
  client: ViaCommands['client'],
  protocol: number,
  warn: (message: string) => void,
): Promise<Pick<KeyboardState, 'keychron' | 'keychronUnread'>> {
  return readKeychronInfo(client, protocol).then(
    (keychron) => ({ keychron }),
    (error: unknown) => {
      const keychronUnread = problemOf(error);
      warn(`Reading the Keychron features failed: ${keychronUnread.detail}`);
      return { keychronUnread };
    },
  );
}
