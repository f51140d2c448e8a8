import { onDemand } from '../common/onDemand.tsx';

// Keyboard views of screens other than Configure load on first visit, like the screens themselves.
export const TesterBoard = onDemand(() => import('../tester/TesterBoard.tsx').then((m) => m.TesterBoard));
export const DesignKeyboard = onDemand(() =>
  import('../design/DesignKeyboard.tsx').then((m) => m.DesignKeyboard),
);
export const DebugKeyboard = onDemand(() =>
  import('../debug/DebugKeyboard.tsx').then((m) => m.DebugKeyboard),
);
