/** Channel marker for legacy (protocol ≤ 10) lighting values, which have no channel byte. */
export const LEGACY_LIGHTING_CHANNEL = -1;
