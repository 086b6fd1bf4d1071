import type { DumpInfo } from '@shared/open-data';
import { api } from './client';

/** GET /dumps: the open-data dumps kept, newest first (server/modules/open-data). */
export const getDumps = (signal?: AbortSignal) => api.get<DumpInfo[]>('/dumps', undefined, { signal });
