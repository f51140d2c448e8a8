import { onDemand } from '../common/onDemand.tsx';

// Parts of the keymap pane shown on demand, each with its strings: the Any modal, and what only some states
// or boards show. Apart from lazyPanes.ts, whose panes are drawn from OtherPanes.tsx, because the first
// screen's ConfigureScreen draws these.
export const KeycodeModal = onDemand(
  () => import('./keymap/KeycodeModal.tsx').then((m) => m.KeycodeModal),
  ['panes', 'layoutFiles'],
);
// Shown only in some states: a failed key write, an encoder chosen.
export const WriteFailureNote = onDemand(
  () => import('./keymap/WriteFailureNote.tsx').then((m) => m.WriteFailureNote),
  ['feedback'],
);
// Encoders the layout options leave undrawn: listed only on boards that have them (split boards, mostly).
export const HiddenEncoders = onDemand(
  () => import('./keymap/HiddenEncoders.tsx').then((m) => m.HiddenEncoders),
  ['panes'],
);
export const EncoderEditor = onDemand(
  () => import('./keymap/EncoderEditor.tsx').then((m) => m.EncoderEditor),
  ['panes'],
);
export const UnfinishedWriteNotice = onDemand(
  () => import('./UnfinishedWriteNotice.tsx').then((m) => m.UnfinishedWriteNotice),
  ['safety'],
);
// A board that answered Keychron's 0xA0 but not its feature reads: the note comes with the Keychron strings.
export const KeychronUnreadNote = onDemand(
  () => import('./keychron/KeychronUnreadNote.tsx').then((m) => m.KeychronUnreadNote),
  ['keychron'],
);
