import { onDemand } from '../common/onDemand.tsx';

// Configure panes other than the keymap load when first opened, each with its strings; they are drawn from
// OtherPanes.tsx (itself on demand), so none of this is on the first screen.
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
// A macro save that stopped part-way.
export const MacroFaultPanel = onDemand(
  () => import('./macros/MacroFaultPanel.tsx').then((m) => m.MacroFaultPanel),
  ['safety'],
);
export const VialFeaturePane = onDemand(
  () => import('./vial/VialFeaturePane.tsx').then((m) => m.VialFeaturePane),
  ['vial', 'panes', 'layoutFiles'],
);
// Keychron boards' lighting, Snap Click and keyboard settings: one chunk, loaded when the first of them opens.
export const KeychronPane = onDemand(
  () => import('./keychron/KeychronPane.tsx').then((m) => m.KeychronPane),
  ['keychron', 'feedback', 'vial'],
);
