/**
 * Places outside this site. Operators set them with VITE_* variables at build time; the
 * defaults are placeholders on the reserved `.example` domain.
 */
const env = import.meta.env;

export const SITE_LINKS = {
  announcements: env.VITE_ANNOUNCEMENTS_URL ?? 'https://community.tribunal.example/c/announcements',
  community: env.VITE_COMMUNITY_URL ?? 'https://community.tribunal.example',
  status: env.VITE_STATUS_URL ?? 'https://status.tribunal.example',
  translate: env.VITE_TRANSLATE_URL ?? 'https://translate.tribunal.example',
  appealsMail: env.VITE_APPEALS_MAIL ?? 'appeals@tribunal.example',
  servicesMail: env.VITE_SERVICES_MAIL ?? 'services@tribunal.example',
  /** Served by our own server (not a client route), so it is a plain link. */
  apiDocs: '/api/docs',
};
