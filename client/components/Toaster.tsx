import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { onDemand } from './onDemand';
import { toasts } from './toast';

const region = onDemand(() => import('./ToastRegion'));

/**
 * Where toasts appear; mounted once by the layout. The toast library (Radix's, ./ToastRegion.tsx)
 * is fetched with the first toast of the visit, which it then shows and announces.
 */
export function Toaster() {
  const { items } = useSnapshot(toasts);
  const [module, setModule] = useState(() => region.loaded);
  const wanted = items.length > 0;
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void region.load().then((m) => live && setModule(m));
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return module ? <module.ToastRegion /> : null;
}
