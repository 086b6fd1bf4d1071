import { useParams } from 'react-router';
import { AppPanel } from './AppPanel';

/** /player/:ouid/app — opens the case in the companion app; the fallback offers the app's stores and the case on the web. */
export function CompanionAppPage() {
  const { ouid = '' } = useParams();
  return (
    <div className="container">
      <AppPanel key={ouid} target={{ screen: 'case', ouid }} launch standalone />
    </div>
  );
}
