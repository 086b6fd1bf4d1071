import type { AnyRoute } from '@server/http/route';

/** Big-file upload sessions (added with step 4). */
export const bigFileRoutes: AnyRoute[] = [];
