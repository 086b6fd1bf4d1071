import { proxy, useSnapshot } from 'valtio';

/** Staff only: the number of open cases (status 0), kept live; null while unknown or not staff. */
export const openCases = proxy<{ count: number | null }>({ count: null });

export const useOpenCases = () => useSnapshot(openCases).count;

/** Where the open cases are listed. */
export const OPEN_CASES_PATH = '/player?status=0';
