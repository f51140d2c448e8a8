import { hostKeyLabel, type HostLayoutId } from './hostLayout.ts';
import { keycodeText } from './keycodeText.ts';
import { keycodeLabel, type KeyLabel, type KeyLabelContext } from './labels.ts';

/**
 * What a key face shows: the computer's keyboard layout first (for the keys it moves), else the general legend.
 * The keycode name itself stays in tooltips and accessible names, which callers build from `formatKeycode`.
 */
export function keyFaceLabel(
  code: number,
  protocol: number,
  hostLayout: HostLayoutId,
  ctx: KeyLabelContext = {},
): KeyLabel {
  const host = hostKeyLabel(code, hostLayout);
  return host ? { ...host, tooltipLabel: keycodeText(code, protocol) } : keycodeLabel(code, protocol, ctx);
}
