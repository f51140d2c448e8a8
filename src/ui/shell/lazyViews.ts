import { onDemand } from '../common/onDemand.tsx';

// Keyboard views of screens other than Configure load on first visit, like the screens themselves.
export const TesterBoard = onDemand(
  () => import('../tester/TesterBoard.tsx').then((m) => m.TesterBoard),
  ['tester'],
);
export const DesignKeyboard = onDemand(
  () => import('../design/DesignKeyboard.tsx').then((m) => m.DesignKeyboard),
  ['design'],
);
export const DebugKeyboard = onDemand(
  () => import('../debug/DebugKeyboard.tsx').then((m) => m.DebugKeyboard),
  ['debug'],
);
// Shown only for a keyboard Keyloom has no definition for.
export const MissingDefinition = onDemand(
  () => import('../devices/MissingDefinition.tsx').then((m) => m.MissingDefinition),
  ['connection'],
);
