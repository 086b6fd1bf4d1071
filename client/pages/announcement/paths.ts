import type { AnnouncementName } from '@shared/schemas/announcements';

/** The page of a rule announcement (`/announcement/:name`). */
export const announcementPath = (name: AnnouncementName) => `/announcement/${name}`;
