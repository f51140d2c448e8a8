import { ComingScreen } from '../common/ComingScreen.tsx';

export default function DesignScreen() {
  return <ComingScreen titleKey="menu.design" bodyKey="coming.design" />;
}
