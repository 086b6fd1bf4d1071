import { useSearchParams } from 'react-router';
import { wantsApp } from '@shared/companionApp';
import { HomePage } from '../home/HomePage';
import { AppPanel } from './AppPanel';

/** /app — the home page under a presentation of the companion app, which it opens when `?openApp=` asks. */
export function AppHomePage() {
  const [params] = useSearchParams();
  return (
    <>
      <div className="container">
        <AppPanel target={{ screen: 'home' }} launch={wantsApp(params)} />
      </div>
      <HomePage />
    </>
  );
}
