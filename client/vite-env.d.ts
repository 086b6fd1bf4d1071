/// <reference types="vite/client" />

/** The package version, injected by vite.config.ts. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_ANNOUNCEMENTS_URL?: string;
  readonly VITE_COMMUNITY_URL?: string;
  readonly VITE_STATUS_URL?: string;
  readonly VITE_TRANSLATE_URL?: string;
  readonly VITE_APPEALS_MAIL?: string;
  readonly VITE_SERVICES_MAIL?: string;
}
