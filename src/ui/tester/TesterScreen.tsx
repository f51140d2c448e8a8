import { ComingScreen } from '../common/ComingScreen.tsx';

export default function TesterScreen() {
  return <ComingScreen titleKey="menu.test" bodyKey="coming.test" />;
}
