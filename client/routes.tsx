import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { childPath, isScreenPath, SCREENS } from '@shared/screens';
import { MENU, availableEntries } from './layout/menu';
import { Guard } from './app/Guard';
import { lazyPage } from './app/lazyPage';
import type { Access } from './app/guards';
import { STAFF_SCREENS } from './app/staffScreens';
import type { RouteHandle } from './app/usePageMeta';
import { Layout } from './layout/Layout';

const HomePage = lazyPage(() => import('./pages/home/HomePage'), 'HomePage');
const AppHomePage = lazyPage(() => import('./pages/home/AppHomePage'), 'AppHomePage');
const CompanionAppPage = lazyPage(() => import('./pages/companionApp/CompanionAppPage'), 'CompanionAppPage');
const LinkPage = lazyPage(() => import('./pages/link/LinkPage'), 'LinkPage');
const AboutPage = lazyPage(() => import('./pages/about/AboutPage'), 'AboutPage');
const AccessibilityPage = lazyPage(() => import('./pages/accessibility/AccessibilityPage'), 'AccessibilityPage');
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage');
const SigninPage = lazyPage(() => import('./pages/signin/SigninPage'), 'SigninPage');
const SignupPage = lazyPage(() => import('./pages/signup/SignupPage'), 'SignupPage');
const RegisterVerificationPage = lazyPage(() => import('./pages/signup/RegisterVerificationPage'), 'RegisterVerificationPage');
const ForgetPasswordPage = lazyPage(() => import('./pages/password/ForgetPasswordPage'), 'ForgetPasswordPage');
const ForgetPasswordVerifyPage = lazyPage(() => import('./pages/password/ForgetPasswordVerifyPage'), 'ForgetPasswordVerifyPage');
const BindOriginPage = lazyPage(() => import('./pages/bind/BindOriginPage'), 'BindOriginPage');
const ProfileLayout = lazyPage(() => import('./pages/profile/ProfileLayout'), 'ProfileLayout');
const InformationPage = lazyPage(() => import('./pages/profile/information/InformationPage'), 'InformationPage');
const AppearancePage = lazyPage(() => import('./pages/profile/appearance/AppearancePage'), 'AppearancePage');
const ChangeNamePage = lazyPage(() => import('./pages/profile/changeName/ChangeNamePage'), 'ChangeNamePage');
const PlayersPage = lazyPage(() => import('./pages/players/PlayersPage'), 'PlayersPage');
const PlayerPage = lazyPage(() => import('./pages/player/PlayerPage'), 'PlayerPage');
const ReportPage = lazyPage(() => import('./pages/report/ReportPage'), 'ReportPage');
const SharePage = lazyPage(() => import('./pages/player/share/SharePage'), 'SharePage');
const ShareCardPage = lazyPage(() => import('./pages/player/share/ShareCardPage'), 'ShareCardPage');
const AppealPage = lazyPage(() => import('./pages/player/appeal/AppealPage'), 'AppealPage');
const OldCaseRedirect = lazyPage(() => import('./pages/player/OldCaseRedirect'), 'OldCaseRedirect');
const SearchPage = lazyPage(() => import('./pages/search/SearchPage'), 'SearchPage');
const SpacePage = lazyPage(() => import('./pages/space/SpacePage'), 'SpacePage');
const MyReportsPage = lazyPage(() => import('./pages/profile/reports/MyReportsPage'), 'MyReportsPage');
const SubscribesPage = lazyPage(() => import('./pages/profile/subscribes/SubscribesPage'), 'SubscribesPage');
const WebhooksPage = lazyPage(() => import('./pages/profile/webhooks/WebhooksPage'), 'WebhooksPage');
const EnhancementPage = lazyPage(() => import('./pages/profile/enhancement/EnhancementPage'), 'EnhancementPage');
const HistoryPage = lazyPage(() => import('./pages/profile/history/HistoryPage'), 'HistoryPage');
const ExportPage = lazyPage(() => import('./pages/profile/export/ExportPage'), 'ExportPage');
const VoicePage = lazyPage(() => import('./pages/profile/voice/VoicePage'), 'VoicePage');
const ChatPage = lazyPage(() => import('./pages/profile/chat/ChatPage'), 'ChatPage');
const MediaPage = lazyPage(() => import('./pages/profile/media/MediaPage'), 'MediaPage');
const AchievementsPage = lazyPage(() => import('./pages/profile/achievements/AchievementsPage'), 'AchievementsPage');
const AuthorizedAppsPage = lazyPage(() => import('./pages/profile/apps/AppsPage'), 'AppsPage');
const AppsPage = lazyPage(() => import('./pages/apps/AppsPage'), 'AppsPage');
const AdminToolsPage = lazyPage(() => import('./pages/admin/tools/AdminToolsPage'), 'AdminToolsPage');
const DevelopersPage = lazyPage(() => import('./pages/developers/DevelopersPage'), 'DevelopersPage');
const AdminApplicationsPage = lazyPage(() => import('./pages/admin/applications/AdminApplicationsPage'), 'AdminApplicationsPage');
const AppAuthPage = lazyPage(() => import('./pages/appAuth/AppAuthPage'), 'AppAuthPage');
const AdminMessagesPage = lazyPage(() => import('./pages/admin/messages/AdminMessagesPage'), 'AdminMessagesPage');
const AdminHomePage = lazyPage(() => import('./pages/admin/AdminHomePage'), 'AdminHomePage');
const JudgementLogPage = lazyPage(() => import('./pages/admin/judgementLog/JudgementLogPage'), 'JudgementLogPage');
const AppealsPage = lazyPage(() => import('./pages/admin/appeals/AppealsPage'), 'AppealsPage');
const AdminCommentsPage = lazyPage(() => import('./pages/admin/comments/AdminCommentsPage'), 'AdminCommentsPage');
const HomeManagementPage = lazyPage(() => import('./pages/admin/homeManagement/HomeManagementPage'), 'HomeManagementPage');
const AnnouncementPage = lazyPage(() => import('./pages/announcement/AnnouncementPage'), 'AnnouncementPage');
const AdminUsersPage = lazyPage(() => import('./pages/admin/users/AdminUsersPage'), 'AdminUsersPage');
const MutedUsersPage = lazyPage(() => import('./pages/admin/users/UserListPage'), 'MutedUsersPage');
const BlockedUsersPage = lazyPage(() => import('./pages/admin/users/UserListPage'), 'BlockedUsersPage');
const WorkflowPage = lazyPage(() => import('./pages/workflow/WorkflowPage'), 'WorkflowPage');
const WorkflowAddItemPage = lazyPage(() => import('./pages/workflow/AddItemPage'), 'AddItemPage');
const LogsPage = lazyPage(() => import('./pages/admin/records/LogsPage'), 'LogsPage');
const ChatLogPage = lazyPage(() => import('./pages/admin/records/ChatLogPage'), 'ChatLogPage');
const VerificationsPage = lazyPage(() => import('./pages/admin/records/VerificationsPage'), 'VerificationsPage');
const StatisticsPage = lazyPage(() => import('./pages/admin/records/StatisticsPage'), 'StatisticsPage');
const MediaAdminPage = lazyPage(() => import('./pages/admin/records/MediaAdminPage'), 'MediaAdminPage');
const SiteStatsPage = lazyPage(() => import('./pages/sitestats/SiteStatsPage'), 'SiteStatsPage');
const ListedPage = lazyPage(() => import('./pages/listed/ListedPage'), 'ListedPage');
const DataPage = lazyPage(() => import('./pages/openData/DataPage'), 'DataPage');

function screen(path: string, page: string, Page: ComponentType, access: Access = 'public', children?: RouteObject[]): RouteObject {
  const handle: RouteHandle = { page, access };
  return {
    path,
    handle,
    children,
    element: (
      <Guard access={access}>
        <Page />
      </Guard>
    ),
  };
}

/** A screen whose path follows what is typed on it (`RouteHandle.liveAddress`). */
const typedInto = (route: RouteObject): RouteObject => ({ ...route, handle: { ...(route.handle as RouteHandle), liveAddress: true } });

/** A path that shows another screen, behind the same guard: a signed-out visitor comes back to the path they asked for. */
function redirect(path: string, to: string, access: Access): RouteObject {
  return {
    path,
    handle: { access } satisfies RouteHandle,
    element: (
      <Guard access={access}>
        <Navigate to={to} replace />
      </Guard>
    ),
  };
}

/** The screens that exist (shared/screens.ts), at the paths of the shared route list. */
const pages: RouteObject[] = [
  screen(SCREENS.home, 'home', HomePage),
  screen(SCREENS.app, 'app', AppHomePage),
  screen(SCREENS.about, 'about', AboutPage),
  screen(SCREENS.accessibility, 'accessibility', AccessibilityPage),
  screen(SCREENS.link, 'link', LinkPage),
  screen(SCREENS.apps, 'apps', AppsPage),
  screen(SCREENS.developers, 'developers', DevelopersPage, 'user'),
  screen(SCREENS.signin, 'signin', SigninPage),
  screen(SCREENS.signup, 'signup', SignupPage),
  screen(SCREENS.registerVerification, 'registerVerification', RegisterVerificationPage),
  screen(SCREENS.forgetPassword, 'forgetPassword', ForgetPasswordPage),
  screen(SCREENS.forgetPasswordVerify, 'forgetPasswordVerify', ForgetPasswordVerifyPage),
  screen(SCREENS.bindOrigin, 'bindOrigin', BindOriginPage, 'user'),
  // The profile frame is open to visitors only for the history, which asks them to sign in; every other section needs an account.
  screen(SCREENS.profile, 'profile', ProfileLayout, 'public', [
    { index: true, element: <Navigate to="information" replace /> },
    screen(childPath(SCREENS.profileInformation, SCREENS.profile), 'profileInformation', InformationPage, 'user'),
    screen(childPath(SCREENS.profileAppearance, SCREENS.profile), 'profileAppearance', AppearancePage, 'user'),
    screen(childPath(SCREENS.changeName, SCREENS.profile), 'changeName', ChangeNamePage, 'user'),
    screen(childPath(SCREENS.profileReports, SCREENS.profile), 'profileReports', MyReportsPage, 'user'),
    screen(childPath(SCREENS.profileSubscribes, SCREENS.profile), 'profileSubscribes', SubscribesPage, 'user'),
    screen(childPath(SCREENS.profileWebhooks, SCREENS.profile), 'profileWebhooks', WebhooksPage, 'user'),
    screen(childPath(SCREENS.profileChat, SCREENS.profile), 'profileChat', ChatPage, 'user'),
    screen(childPath(SCREENS.profileEnhancement, SCREENS.profile), 'profileEnhancement', EnhancementPage, 'user'),
    screen(childPath(SCREENS.profileHistory, SCREENS.profile), 'profileHistory', HistoryPage),
    screen(childPath(SCREENS.profileExport, SCREENS.profile), 'profileExport', ExportPage, 'user'),
    screen(childPath(SCREENS.profileVoice, SCREENS.profile), 'profileVoice', VoicePage, 'user'),
    screen(childPath(SCREENS.profileMedia, SCREENS.profile), 'profileMedia', MediaPage, 'user'),
    screen(childPath(SCREENS.profileAchievements, SCREENS.profile), 'profileAchievements', AchievementsPage, 'user'),
    screen(childPath(SCREENS.profileApps, SCREENS.profile), 'profileApps', AuthorizedAppsPage, 'user'),
  ]),
  screen(SCREENS.players, 'players', PlayersPage),
  screen(SCREENS.player, 'player', PlayerPage),
  screen(SCREENS.share, 'share', SharePage),
  screen(SCREENS.appeal, 'appeal', AppealPage, 'user'),
  screen(SCREENS.cheaterApp, 'cheaterApp', CompanionAppPage),
  screen(SCREENS.oldCase, 'player', OldCaseRedirect),
  screen(SCREENS.report, 'report', ReportPage, 'user'),
  typedInto(screen(SCREENS.search, 'search', SearchPage)),
  typedInto(screen(SCREENS.searchFor, 'search', SearchPage)),
  screen(SCREENS.space, 'space', SpacePage),
  screen(SCREENS.announcement, 'announcement', AnnouncementPage),
  screen(SCREENS.adminHome, 'adminHome', AdminHomePage, STAFF_SCREENS.adminHome),
  redirect(SCREENS.adminHomeAlias, SCREENS.adminHome, STAFF_SCREENS.adminHome),
  screen(SCREENS.adminJudgementLog, 'adminJudgementLog', JudgementLogPage, STAFF_SCREENS.adminJudgementLog),
  screen(SCREENS.adminAppeals, 'adminAppeals', AppealsPage, STAFF_SCREENS.adminAppeals),
  screen(SCREENS.adminMessages, 'adminMessages', AdminMessagesPage, STAFF_SCREENS.adminMessages),
  screen(SCREENS.adminComments, 'adminComments', AdminCommentsPage, STAFF_SCREENS.adminComments),
  screen(SCREENS.adminHomeManagement, 'adminHomeManagement', HomeManagementPage, STAFF_SCREENS.adminHomeManagement),
  screen(SCREENS.adminUsers, 'adminUsers', AdminUsersPage, STAFF_SCREENS.adminUsers),
  screen(SCREENS.adminMuted, 'adminMuted', MutedUsersPage, STAFF_SCREENS.adminMuted),
  screen(SCREENS.adminBlocked, 'adminBlocked', BlockedUsersPage, STAFF_SCREENS.adminBlocked),
  screen(SCREENS.adminLogs, 'adminLogs', LogsPage, STAFF_SCREENS.adminLogs),
  screen(SCREENS.adminChatLog, 'adminChatLog', ChatLogPage, STAFF_SCREENS.adminChatLog),
  screen(SCREENS.adminVerifications, 'adminVerifications', VerificationsPage, STAFF_SCREENS.adminVerifications),
  screen(SCREENS.adminStatistics, 'adminStatistics', StatisticsPage, STAFF_SCREENS.adminStatistics),
  screen(SCREENS.adminMedia, 'adminMedia', MediaAdminPage, STAFF_SCREENS.adminMedia),
  screen(SCREENS.adminTools, 'adminTools', AdminToolsPage, STAFF_SCREENS.adminTools),
  screen(SCREENS.adminApplications, 'adminApplications', AdminApplicationsPage, STAFF_SCREENS.adminApplications),
  redirect(SCREENS.adminUnknown, SCREENS.adminHome, STAFF_SCREENS.adminHome),
  screen(SCREENS.appAuth, 'appAuth', AppAuthPage, 'user'),
  screen(SCREENS.workflow, 'workflow', WorkflowPage, STAFF_SCREENS.workflow),
  screen(SCREENS.workflowAdds, 'workflowAdds', WorkflowPage, STAFF_SCREENS.workflowAdds),
  screen(SCREENS.workflowAddItem, 'workflowAddItem', WorkflowAddItemPage, STAFF_SCREENS.workflowAddItem),
  screen(SCREENS.siteStats, 'siteStats', SiteStatsPage),
  screen(SCREENS.data, 'data', DataPage),
  screen(SCREENS.listed, 'listed', ListedPage),
  screen(SCREENS.notFound, 'notFound', NotFoundPage),
];

/** Whether a path opens a screen (rather than falling through to the 404 redirect). */
export const routeExists = (path: string) => matchRoutes(pages, path) !== null;

/** Whether a path's screen, or the frame around it, is for signed-in viewers only. */
export const needsAccount = (path: string) => (matchRoutes(pages, path) ?? []).some((m) => ((m.route.handle as RouteHandle | undefined)?.access ?? 'public') !== 'public');

export const routes: RouteObject[] = [
  /** The share card alone, for other sites' frames: no header, no footer. */
  {
    path: SCREENS.shareCard,
    element: (
      <Suspense fallback={null}>
        <ShareCardPage />
      </Suspense>
    ),
  },
  {
    // By the shared route list, which routes.test.ts keeps equal to these routes: matchRoutes flattens
    // and ranks every route on each call, eleven times before the first render.
    element: <Layout menu={availableEntries(MENU, isScreenPath)} />,
    children: [...pages, { path: '*', element: <Navigate to={SCREENS.notFound} replace /> }],
  },
];

export const createRouter = () => createBrowserRouter(routes);
