import { rules } from '@shared/policy';

export const webhookPolicy = { manage: rules.webhookUser };
