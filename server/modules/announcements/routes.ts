import { rules } from '@shared/policy';
import { announcementQuery, announcementVersionsQuery, restoreAnnouncementBody, setAnnouncementBody } from '@shared/schemas/announcements';
import { defineRoute, type AnyRoute } from '@server/http/route';
import { ok } from '@server/http/envelope';
import { AppError } from '@server/app-error';
import { adminPolicy } from '@server/modules/admin/policy';
import { announcementVersions, readLiveAnnouncement, restoreAnnouncement, setAnnouncement } from './service';

const TAG = 'Announcements';

/** The bulletin and the rule announcements: read by everyone, published by super and root. */
export const announcementRoutes: AnyRoute[] = [
  defineRoute({
    method: 'get',
    path: '/announcement',
    tag: TAG,
    summary:
      'A site document by `name` (bulletin, antiCheatRules, conductRules, personnelRules) in the reader\'s language `lang` (a code of the site\'s languages; en-US when absent or unknown, and while the document has no version in that language): its latest version, or `version`. `{name, language, version, title, content (HTML), createTime, authorName, restoredFrom, latest, languages}` (`languages`: every language it has versions in); `data: null` while none was published; not found when the asked `version` does not exist. `lastSeq`: the sequence of the `all` room the answer is current as of (join it with that to miss no later publication).',
    area: 'announcement',
    auth: 'none',
    policy: rules.anyone,
    query: announcementQuery,
    success: { code: 'announcement.ok' },
    errors: ['announcement.notFound'],
    handler: async ({ query, services }) => {
      const { doc, lastSeq } = await readLiveAnnouncement(services.db, query.name, query.lang, query.version);
      if (!doc && query.version) throw new AppError('announcement.notFound', 'no such version of this document');
      return ok('announcement.ok', doc, { lastSeq });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/announcement/versions',
    tag: TAG,
    summary: 'The versions of a site document in one language (`lang`, en-US when absent), newest first, without their content; the one shown is marked `latest`. Exact total.',
    area: 'announcement',
    auth: 'none',
    policy: rules.anyone,
    query: announcementVersionsQuery,
    success: { code: 'announcement.ok' },
    handler: async ({ query, services }) => {
      const { data, total } = await announcementVersions(services.db, query.name, query.lang, query);
      return ok('announcement.ok', data, { total });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/setAnnouncement',
    tag: TAG,
    summary:
      'Publish a new version of a site document in a `language` (en-US when absent; versions are numbered per language), rich text, sanitised; it becomes the latest in that language and open pages show it live (`announcement.published` on `all`). Super and root.',
    area: 'setAnnouncement',
    auth: 'required',
    policy: adminPolicy.superOrRoot,
    body: setAnnouncementBody,
    success: { code: 'setAnnouncement.ok', status: 201 },
    errors: ['user.permissionDenined'],
    handler: async ({ user, body, services }) => ok('setAnnouncement.ok', await setAnnouncement(services, user, body.data)),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/restoreAnnouncement',
    tag: TAG,
    summary: 'Publish an older version of a site document in a `language` (en-US when absent) again, as its new latest version (`restoredFrom` names it). Super and root.',
    area: 'restoreAnnouncement',
    auth: 'required',
    policy: adminPolicy.superOrRoot,
    body: restoreAnnouncementBody,
    success: { code: 'restoreAnnouncement.ok', status: 201 },
    errors: ['restoreAnnouncement.notFound', 'user.permissionDenined'],
    handler: async ({ user, body, services }) => ok('restoreAnnouncement.ok', await restoreAnnouncement(services, user, body.data)),
  }),
];
