import { rules, type RoleRule } from '@shared/policy';
import type { ScreenName } from '@shared/screens';

/**
 * Who may open each staff screen: the rule of the API the screen is made of (shared/policy.ts), so
 * the route guard, the staff home's tiles and the server agree. A screen's actions that need more
 * (editing a comment, granting a role) ask their own rules where they are offered.
 */
export const STAFF_SCREENS = {
  adminHome: rules.staff,
  adminJudgementLog: rules.staff,
  adminAppeals: rules.staff,
  adminMessages: rules.staff,
  adminComments: rules.staff,
  adminHomeManagement: rules.superOrRoot,
  adminUsers: rules.staff,
  adminMuted: rules.staff,
  adminBlocked: rules.superStaff,
  adminLogs: rules.staff,
  adminChatLog: rules.superStaff,
  adminVerifications: rules.rootOrDev,
  adminStatistics: rules.staff,
  adminMedia: rules.rootOrDev,
  adminTools: rules.staff,
  adminApplications: rules.staff,
  workflow: rules.staff,
  workflowAdds: rules.staff,
  workflowAddItem: rules.staff,
} as const satisfies Partial<Record<ScreenName, RoleRule>>;

export type StaffScreen = keyof typeof STAFF_SCREENS;
