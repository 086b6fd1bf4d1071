import { Navigate, useLocation, useParams } from 'react-router';
import { casePath } from '@client/app/casePaths';

/** /cheaters/:ouid, the old site's case address: the case page, told where the visitor came from. */
export function OldCaseRedirect() {
  const { ouid = '' } = useParams();
  const { pathname } = useLocation();
  return <Navigate to={`${casePath(ouid)}?${new URLSearchParams({ oldUrl: pathname })}`} replace />;
}
