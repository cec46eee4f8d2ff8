// Every route of the API, for every caller. A Sling route is its handler, wrapped for who may call
// it; its method, path, access, permission and body limit are read from the Operation the handler
// carries (lib/openapi/operations/), so adding a route is an Operation, its handler and one line here.
// better-auth's and SCIM's routes follow their own protocols and are declared with their paths.
import {
  actionsRoute,
  approveLinkRoute,
  banUserRoute,
  disableLinkRoute,
  dismissReportRoute,
  reviewQueueRoute,
  setPlanRoute,
  settingsRoute,
  unbanUserRoute,
  passwordResetRoute,
  updateSettingsRoute,
  usersRoute,
} from './handlers/admin-routes';
import { linkExportRoute, workspaceExportRoute } from './handlers/export-routes';
import { liveClicksRoute } from './handlers/live-clicks-route';
import { workspaceStatsRoute } from './handlers/workspace-stats-route';
import { handleApiPhp } from './handlers/api-php';
import { exportAuditRoute, listAuditRoute } from './handlers/audit-routes';
import { disableTwoFactorRoute } from './handlers/disable-two-factor';
import { handleAuthRequest } from './handlers/handle-auth-request';
import { getPrivacyRoute, updatePrivacyRoute } from './handlers/privacy-routes';
import { addDomainRoute, deleteDomainRoute, getDomainRoute, listDomainsRoute, updateDomainRoute, verifyDomainRoute } from './handlers/domain-routes';
import { deleteFaviconRoute, getFaviconRoute, putFaviconRoute } from './handlers/favicon-routes';
import { orphanExportRoute, orphanLoggingRoute, orphanVisitsRoute } from './handlers/orphan-visit-routes';
import { createFolderRoute, deleteFolderRoute, listFoldersRoute, updateFolderRoute } from './handlers/folder-routes';
import { faviconRoute } from './handlers/favicon-route';
import { handleRoute } from '../http/handle-route';
import { methodNotAllowed } from '../http/method-not-allowed';
import { withAdmin, type AdminRequest } from '../http/with-admin';
import { withWorkspace, type WorkspaceRequest } from '../http/with-workspace';
import { createImportRoute, getImportRoute, importReportRoute, listImportsRoute } from './handlers/import-routes';
import { getLandingRoute, putLandingRoute } from './handlers/landing-routes';
import { bulkCreateLinksRoute } from './handlers/bulk-create-route';
import { linkEventsRoute, linkStatsRoute } from './handlers/link-detail-routes';
import { mcpRoute } from './handlers/mcp-route';
import {
  aliasAvailabilityRoute,
  bulkDeleteLinksRoute,
  bulkUpdateLinksRoute,
  createLinkRoute,
  deleteLinkRoute,
  duplicateLinkRoute,
  freePreviousCodeRoute,
  recordConversionRoute,
  getLinkRoute,
  listLinksRoute,
  listTagsRoute,
  updateLinkRoute,
} from './handlers/link-routes';
import { deleteTagRoute, listWorkspaceTagsRoute, mergeTagsRoute, updateTagRoute } from './handlers/tag-routes';
import { deletePreviewImageRoute, getPreviewImageRoute, putPreviewImageRoute } from './handlers/preview-routes';
import { deleteLogoRoute, putLogoRoute, qrRoute } from './handlers/qr-routes';
import { variantBLimiter } from '../ratelimit/api-limits';
import { directorySyncRoute, issueTokenRoute, revokeTokenRoute } from './handlers/directory-sync-routes';
import {
  createGroupRoute,
  createUserRoute,
  deleteGroupRoute,
  deleteUserRoute,
  getGroupRoute,
  getUserRoute,
  listGroupsRoute,
  listUsersRoute,
  patchGroupRoute,
  patchUserRoute,
  replaceGroupRoute,
  replaceUserRoute,
  resourceTypesRoute,
  schemasRoute,
  serviceProviderConfigRoute,
  withScim,
} from './handlers/scim-routes';
import * as sso from './handlers/sso-routes';
import { handleTokenParamApi, tokenParam } from './handlers/token-param-api';
import { createTokenRoute, deleteTokenRoute, listTokensRoute, regenerateTokenRoute, rotateTokenRoute } from './handlers/token-routes';
import {
  createWebhookRoute,
  deleteWebhookRoute,
  getDeliveryRoute,
  getWebhookRoute,
  listDeliveriesRoute,
  listWebhooksRoute,
  resendDeliveryRoute,
  rotateWebhookSecretRoute,
  testWebhookRoute,
  updateWebhookRoute,
} from './handlers/webhook-routes';
import { acceptInvitationRoute, createInvitationRoute, listInvitationsRoute, resendInvitationRoute, revokeInvitationRoute } from './handlers/invitation-routes';
import { changeMemberRoleRoute, leaveWorkspaceRoute, listMembersRoute, removeMemberRoute } from './handlers/member-routes';
import {
  createWorkspaceRoute,
  deleteWorkspaceRoute,
  getWorkspaceRoute,
  listWorkspacesRoute,
  switchWorkspaceRoute,
  transferOwnershipRoute,
  updateWorkspaceRoute,
} from './handlers/workspace-routes';
import { protocolRoutes, routesOf, type ApiRoute, type RouteHandler } from './api-route';
import { altchaChallengeRoute, openApiDocumentRoute, reportLinkRoute, shortenRoute } from './public-routes';
import { publicStatsRoute, unlockPublicStatsRoute } from './handlers/public-stats-routes';

/** A workspace route: a token or a session, as its operations say (lib/http/with-workspace.ts). */
const workspace = <P>(handler: (r: WorkspaceRequest<P>) => Promise<Response>) => routesOf(withWorkspace<P>(handler) as unknown as RouteHandler);
/** A platform admin's route: 404 to everyone else (lib/http/with-admin.ts). */
const admin = <P>(handler: (r: AdminRequest<P>) => Promise<Response>) => routesOf(withAdmin<P>(handler) as unknown as RouteHandler);
/** A route anyone may call; the handler limits and checks itself. */
const open = (handler: (req: Request) => Promise<Response>) => routesOf(handleRoute(handler) as RouteHandler);
const scim = (methods: Parameters<typeof protocolRoutes>[0], path: string, handler: RouteHandler) =>
  protocolRoutes(methods, `/api/scim/v2${path}`, handler, { scim: true });

export const API_ROUTES: readonly ApiRoute[] = [
  // Links
  ...workspace(listLinksRoute),
  ...workspace(createLinkRoute),
  ...workspace(getLinkRoute),
  ...workspace(updateLinkRoute),
  ...workspace(deleteLinkRoute),
  ...workspace(aliasAvailabilityRoute),
  ...workspace(bulkCreateLinksRoute),
  ...workspace(bulkDeleteLinksRoute),
  ...workspace(bulkUpdateLinksRoute),
  ...workspace(listTagsRoute),
  ...workspace(duplicateLinkRoute),
  ...workspace(linkEventsRoute),
  ...workspace(freePreviousCodeRoute),
  ...workspace(recordConversionRoute),
  ...workspace(qrRoute),
  ...workspace(putLogoRoute),
  ...workspace(deleteLogoRoute),
  ...workspace(getPreviewImageRoute),
  ...workspace(putPreviewImageRoute),
  ...workspace(deletePreviewImageRoute),
  ...workspace(faviconRoute),
  // Tags
  ...workspace(listWorkspaceTagsRoute),
  ...workspace(updateTagRoute),
  ...workspace(mergeTagsRoute),
  ...workspace(deleteTagRoute),
  // Folders
  ...workspace(listFoldersRoute),
  ...workspace(createFolderRoute),
  ...workspace(updateFolderRoute),
  ...workspace(deleteFolderRoute),
  // Statistics and exports
  ...workspace(linkStatsRoute),
  ...workspace(workspaceStatsRoute),
  ...workspace(linkExportRoute),
  ...workspace(workspaceExportRoute),
  ...workspace(liveClicksRoute),
  // Imports
  ...workspace(listImportsRoute),
  ...workspace(createImportRoute),
  ...workspace(getImportRoute),
  ...workspace(importReportRoute),
  // Domains
  ...workspace(listDomainsRoute),
  ...workspace(addDomainRoute),
  ...workspace(getDomainRoute),
  ...workspace(updateDomainRoute),
  ...workspace(deleteDomainRoute),
  ...workspace(verifyDomainRoute),
  ...workspace(orphanVisitsRoute),
  ...workspace(orphanExportRoute),
  ...workspace(orphanLoggingRoute),
  ...workspace(getFaviconRoute),
  ...workspace(putFaviconRoute),
  ...workspace(deleteFaviconRoute),
  ...workspace(getLandingRoute),
  ...workspace(putLandingRoute),
  // Webhooks
  ...workspace(listWebhooksRoute),
  ...workspace(createWebhookRoute),
  ...workspace(getWebhookRoute),
  ...workspace(updateWebhookRoute),
  ...workspace(deleteWebhookRoute),
  ...workspace(rotateWebhookSecretRoute),
  ...workspace(testWebhookRoute),
  ...workspace(listDeliveriesRoute),
  ...workspace(getDeliveryRoute),
  ...workspace(resendDeliveryRoute),
  // API tokens
  ...workspace(listTokensRoute),
  ...workspace(createTokenRoute),
  ...workspace(deleteTokenRoute),
  ...workspace(regenerateTokenRoute),
  ...workspace(rotateTokenRoute),
  // Workspaces, members, invitations, audit
  ...workspace(listWorkspacesRoute),
  ...workspace(createWorkspaceRoute),
  ...workspace(switchWorkspaceRoute),
  ...workspace(getWorkspaceRoute),
  ...workspace(updateWorkspaceRoute),
  ...workspace(deleteWorkspaceRoute),
  ...workspace(transferOwnershipRoute),
  ...workspace(getPrivacyRoute),
  ...workspace(updatePrivacyRoute),
  ...workspace(leaveWorkspaceRoute),
  ...workspace(listMembersRoute),
  ...workspace(changeMemberRoleRoute),
  ...workspace(removeMemberRoute),
  ...workspace(listInvitationsRoute),
  ...workspace(createInvitationRoute),
  ...workspace(revokeInvitationRoute),
  ...workspace(resendInvitationRoute),
  ...workspace(acceptInvitationRoute),
  ...workspace(listAuditRoute),
  ...workspace(exportAuditRoute),
  // SSO and directory sync
  ...workspace(sso.listConnectionsRoute),
  ...workspace(sso.createConnectionRoute),
  ...workspace(sso.getConnectionRoute),
  ...workspace(sso.updateConnectionRoute),
  ...workspace(sso.deleteConnectionRoute),
  ...workspace(sso.connectionActionRoute),
  ...workspace(sso.addDomainRoute),
  ...workspace(sso.removeDomainRoute),
  ...workspace(sso.verifyDomainRoute),
  ...workspace(directorySyncRoute),
  ...workspace(issueTokenRoute),
  ...workspace(revokeTokenRoute),
  // Account
  ...workspace(disableTwoFactorRoute),
  // MCP (streamable HTTP): tools that call the routes above with the caller's token
  ...workspace(mcpRoute),
  // Compatibility APIs: Variant A (bearer token) and Variant B (token parameter)
  ...workspace(handleApiPhp),
  ...routesOf(withWorkspace(handleTokenParamApi, { token: tokenParam, tokenLimiter: variantBLimiter }) as RouteHandler),
  // Variant B's documented refusal of every other method (Allow: POST, as its clients were told).
  ...protocolRoutes(['GET', 'PUT', 'PATCH', 'DELETE'], '/api', methodNotAllowed('POST') as RouteHandler),
  // Platform administration
  ...admin(usersRoute),
  ...admin(banUserRoute),
  ...admin(unbanUserRoute),
  ...admin(passwordResetRoute),
  ...admin(setPlanRoute),
  ...admin(settingsRoute),
  ...admin(updateSettingsRoute),
  ...admin(reviewQueueRoute),
  ...admin(actionsRoute),
  ...admin(disableLinkRoute),
  ...admin(approveLinkRoute),
  ...admin(dismissReportRoute),
  // Public
  ...open(openApiDocumentRoute),
  ...open(altchaChallengeRoute),
  ...open(shortenRoute),
  ...open(reportLinkRoute),
  ...open(publicStatsRoute),
  ...open(unlockPublicStatsRoute),
  // better-auth (sign-up, sign-in, sessions, two-factor, SSO): it reads bodies itself, so the body is read (bounded) first.
  ...protocolRoutes(['GET', 'POST'], '/api/auth/{...path}', handleRoute(handleAuthRequest) as RouteHandler, { readBodyFirst: true }),
  // SCIM 2.0 (RFC 7644): its own bodies and error shape.
  ...scim(['GET'], '/Users', withScim(listUsersRoute) as RouteHandler),
  ...scim(['POST'], '/Users', withScim(createUserRoute) as RouteHandler),
  ...scim(['GET'], '/Users/{id}', withScim(getUserRoute) as RouteHandler),
  ...scim(['PUT'], '/Users/{id}', withScim(replaceUserRoute) as RouteHandler),
  ...scim(['PATCH'], '/Users/{id}', withScim(patchUserRoute) as RouteHandler),
  ...scim(['DELETE'], '/Users/{id}', withScim(deleteUserRoute) as RouteHandler),
  ...scim(['GET'], '/Groups', withScim(listGroupsRoute) as RouteHandler),
  ...scim(['POST'], '/Groups', withScim(createGroupRoute) as RouteHandler),
  ...scim(['GET'], '/Groups/{id}', withScim(getGroupRoute) as RouteHandler),
  ...scim(['PUT'], '/Groups/{id}', withScim(replaceGroupRoute) as RouteHandler),
  ...scim(['PATCH'], '/Groups/{id}', withScim(patchGroupRoute) as RouteHandler),
  ...scim(['DELETE'], '/Groups/{id}', withScim(deleteGroupRoute) as RouteHandler),
  ...scim(['GET'], '/ResourceTypes', withScim(resourceTypesRoute) as RouteHandler),
  ...scim(['GET'], '/Schemas', withScim(schemasRoute) as RouteHandler),
  ...scim(['GET'], '/ServiceProviderConfig', withScim(serviceProviderConfigRoute) as RouteHandler),
];
