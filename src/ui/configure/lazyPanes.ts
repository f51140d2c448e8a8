import { onDemand } from '../common/onDemand.tsx';

// Configure panes other than the keymap, and the Any modal, load when first opened, each with its strings.
export const SaveLoadPane = onDemand(
  () => import('./saveLoad/SaveLoadPane.tsx').then((m) => m.SaveLoadPane),
  ['panes', 'sheets', 'safety', 'vial', 'layoutFiles', 'refusals'],
);
export const MatrixLightingPane = onDemand(
  () => import('./matrix/MatrixLightingPane.tsx').then((m) => m.MatrixLightingPane),
  ['hardware', 'vendor'],
);
export const ScreenPane = onDemand(
  () => import('./screen/ScreenPane.tsx').then((m) => m.ScreenPane),
  ['hardware', 'vendor'],
);
// Given the vendor config's raw entry: its reader comes with the pane.
export const FirmwarePane = onDemand(
  () => import('./firmware/FirmwarePane.tsx').then((m) => m.FirmwarePaneFor),
  ['hardware', 'vendor'],
);
export const ActuationPane = onDemand(
  () => import('./actuation/ActuationPane.tsx').then((m) => m.ActuationPane),
  ['panes', 'vendor'],
);
export const CustomFeaturesPane = onDemand(
  () => import('./customFeatures/CustomFeaturesPane.tsx').then((m) => m.CustomFeaturesPane),
  ['panes', 'feedback'],
);
// A menu change's code (constraints, writes: state/menuChanges.ts) comes with the pane, ready for the first change.
export const CustomMenuPane = onDemand(
  () =>
    Promise.all([import('./menus/CustomMenuPane.tsx'), import('../../state/menuChanges.ts')]).then(
      ([m]) => m.CustomMenuPane,
    ),
  ['panes', 'feedback'],
);
export const MacrosPane = onDemand(
  () => import('./macros/MacrosPane.tsx').then((m) => m.MacrosPane),
  ['panes', 'safety', 'refusals'],
);
export const LayoutsPane = onDemand(
  () => import('./layouts/LayoutsPane.tsx').then((m) => m.LayoutsPane),
  ['panes'],
);
export const KeycodeModal = onDemand(
  () => import('./keymap/KeycodeModal.tsx').then((m) => m.KeycodeModal),
  ['panes', 'layoutFiles'],
);
// Parts of the keymap and macros panes shown only in some states: a failed key write, an encoder chosen, a macro
// save that stopped part-way.
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
export const MacroFaultPanel = onDemand(
  () => import('./macros/MacroFaultPanel.tsx').then((m) => m.MacroFaultPanel),
  ['safety'],
);
export const VialFeaturePane = onDemand(
  () => import('./vial/VialFeaturePane.tsx').then((m) => m.VialFeaturePane),
  ['vial', 'panes', 'layoutFiles'],
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
// Keychron boards' lighting, Snap Click and keyboard settings: one chunk, loaded when the first of them opens.
export const KeychronPane = onDemand(
  () => import('./keychron/KeychronPane.tsx').then((m) => m.KeychronPane),
  ['keychron', 'feedback', 'vial'],
);
