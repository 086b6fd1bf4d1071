import { allOf, refusedAs, rules } from '@shared/policy';

export const externalAuthPolicy = {
  /** Bots and staff ask for an app; never with an app's own token. */
  request: refusedAs(allOf('appRequester', rules.staffOrBot, rules.notLocked), 'user.permissionDenined'),
  /** The user asked answers in person, at the site: not with a bot or app token. */
  answer: allOf('answerAppRequest', rules.interactive, rules.notBanned),
  /** A user's own list of authorized apps. */
  own: allOf('ownApps', rules.interactive),
};
