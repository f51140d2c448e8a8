import { ComingScreen } from '../common/ComingScreen.tsx';

export default function BootScreen({ variant }: { variant: '/boot' | '/boot2' }) {
  return <ComingScreen titleKey={variant === '/boot' ? 'menu.boot' : 'menu.boot2'} bodyKey="coming.boot" />;
}
