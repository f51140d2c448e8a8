import { ComingScreen } from '../common/ComingScreen.tsx';

export default function DebugScreen() {
  return <ComingScreen titleKey="menu.debug" bodyKey="coming.debug" />;
}
