// The vendor line's limits that its files (.tabml, vendor configs) and its custom-menu values share.

/** Bytes a text can hold in one report after command, channel, id, index and length. */
export const TEXT_MAX_LENGTH = 26;
/** An animation's frame count is one byte, in the matrix-lighting info frame (192) and a .tabml header alike. */
export const MATRIX_MAX_FRAMES = 255;
