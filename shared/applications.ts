/**
 * Applications (bots and integrations registered at `/developers`) and the scopes their keys carry.
 * A key acts as its application's bot account; what it may reach is `appKeyReach` (shared/policy.ts).
 */

/** What a key may do: `read` every read; each write scope the routes that declare it. */
export const APP_SCOPES = ['read', 'report', 'reply', 'appeal', 'judge', 'webhooks'] as const;
export type AppScope = (typeof APP_SCOPES)[number];
/** The scopes a write route may declare (`appScope` on its declaration). */
export type AppWriteScope = Exclude<AppScope, 'read'>;
export const APP_WRITE_SCOPES = APP_SCOPES.filter((s): s is AppWriteScope => s !== 'read');

/** Scopes only a staff member's application may ask for and be granted (a staff bot). */
export const STAFF_ONLY_SCOPES: readonly AppScope[] = ['judge'];

export const APPLICATION_STATES = ['pending', 'approved', 'refused', 'suspended'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/** The `visitType` of a request made with an application's key (never a sign-in's). */
export const APP_KEY_VISIT = 'app-key';

/** Keys start with this, so a server tells them from a sign-in token at a glance (and secret scanners can find them). */
export const APP_KEY_PREFIX = 'tbk_';
export const isAppKey = (raw: string) => raw.startsWith(APP_KEY_PREFIX);
