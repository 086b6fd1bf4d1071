import { useSearchParams } from 'react-router';
import { wantsApp } from '@shared/companionApp';
import { AppPanel } from '@client/pages/companionApp/AppPanel';
import { HomePage } from './HomePage';

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
