import { onDemand } from '../common/onDemand.tsx';

// Configure panes other than the keymap, and the Any modal, load when first opened.
export const SaveLoadPane = onDemand(() => import('./saveLoad/SaveLoadPane.tsx').then((m) => m.SaveLoadPane));
export const MatrixLightingPane = onDemand(() =>
  import('./matrix/MatrixLightingPane.tsx').then((m) => m.MatrixLightingPane),
);
export const ScreenPane = onDemand(() => import('./screen/ScreenPane.tsx').then((m) => m.ScreenPane));
export const FirmwarePane = onDemand(() => import('./firmware/FirmwarePane.tsx').then((m) => m.FirmwarePane));
export const ActuationPane = onDemand(() =>
  import('./actuation/ActuationPane.tsx').then((m) => m.ActuationPane),
);
export const CustomFeaturesPane = onDemand(() =>
  import('./customFeatures/CustomFeaturesPane.tsx').then((m) => m.CustomFeaturesPane),
);
// A menu change's code (constraints, writes: menus/menuChanges.ts) comes with the pane, ready for the first change.
export const CustomMenuPane = onDemand(() =>
  Promise.all([import('./menus/CustomMenuPane.tsx'), import('./menus/menuChanges.ts')]).then(
    ([m]) => m.CustomMenuPane,
  ),
);
export const MacrosPane = onDemand(() => import('./macros/MacrosPane.tsx').then((m) => m.MacrosPane));
export const LayoutsPane = onDemand(() => import('./layouts/LayoutsPane.tsx').then((m) => m.LayoutsPane));
export const KeycodeModal = onDemand(() => import('./keymap/KeycodeModal.tsx').then((m) => m.KeycodeModal));
// Parts of the keymap and macros panes shown only in some states: a failed key write, an encoder chosen, a macro
// save that stopped part-way.
export const WriteFailureNote = onDemand(() =>
  import('./keymap/WriteFailureNote.tsx').then((m) => m.WriteFailureNote),
);
export const EncoderEditor = onDemand(() =>
  import('./keymap/EncoderEditor.tsx').then((m) => m.EncoderEditor),
);
export const MacroFaultPanel = onDemand(() =>
  import('./macros/MacroFaultPanel.tsx').then((m) => m.MacroFaultPanel),
);
export const VialFeaturePane = onDemand(() =>
  import('./vial/VialFeaturePane.tsx').then((m) => m.VialFeaturePane),
);
