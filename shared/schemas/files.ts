import { z } from 'zod';
import { boolParam } from './common';

export const fileQuery = z.object({ filename: z.string().min(1).max(80), explain: boolParam.optional() });
