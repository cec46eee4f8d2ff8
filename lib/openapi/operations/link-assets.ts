// REST v1 operations on a link's images: its QR code and the code's centre logo, the uploaded image
// of its social preview, and the favicons of the sites the workspace's links go to.
import { z } from 'zod';
import { ZFaviconHostParams } from '../../favicons/favicon-schema';
import { ZLinkIdParams } from '../../links/link-schema';
import { ZLinkPreviewJson } from '../../previews/link-preview-schema';
import { defineOperation } from '../../http/operation';
import { ZQrQuery } from '../../qr/qr-schema';
import { MAX_PREVIEW_IMAGE_BYTES, previewImageTooLarge } from '../../previews/preview-image';
import { logoTooLarge, MAX_LOGO_BYTES } from '../../qr/qr-logo';
import { NO_CONTENT, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Link assets';
const auth = WORKSPACE_AUTH;
const params = ZLinkIdParams;
const uploadErrors = ['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const;

export const getLinkQr = defineOperation({
  id: 'getLinkQr',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/links/{id}/qr',
  tag,
  auth,
  summary: "The link's QR code (PNG, SVG or PDF), with an ETag",
  params,
  query: ZQrQuery,
  responses: {
    200: { description: 'The code; Content-Disposition names the file.', contentType: ['image/png', 'image/svg+xml', 'application/pdf'] },
    304: { description: 'Not modified (If-None-Match named the current ETag).' },
  },
  errors: workspaceErrors('not_found', 'invalid_request'),
});

export const putLinkQrLogo = defineOperation({
  id: 'putLinkQrLogo',
  permission: 'links.write',
  method: 'PUT',
  path: '/api/v1/links/{id}/qr/logo',
  tag,
  auth,
  summary: 'Upload the centre logo of the link’s QR codes (PNG ≤ 2048×2048 or SVG, ≤ 256 KiB)',
  params,
  upload: { contentTypes: ['image/png', 'image/svg+xml'], maxBytes: MAX_LOGO_BYTES, tooLarge: logoTooLarge },
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found', ...uploadErrors),
});

export const deleteLinkQrLogo = defineOperation({
  id: 'deleteLinkQrLogo',
  permission: 'links.write',
  method: 'DELETE',
  path: '/api/v1/links/{id}/qr/logo',
  tag,
  auth,
  summary: 'Remove the QR logo',
  params,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});

export const getLinkPreviewImage = defineOperation({
  id: 'getLinkPreviewImage',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/links/{id}/preview/image',
  tag,
  auth,
  summary: 'The uploaded image of the link’s social preview',
  params,
  responses: { 200: { description: 'The image.', contentType: ['image/png', 'image/jpeg'] } },
  errors: workspaceErrors('not_found'),
});

export const putLinkPreviewImage = defineOperation({
  id: 'putLinkPreviewImage',
  permission: 'links.write',
  method: 'PUT',
  path: '/api/v1/links/{id}/preview/image',
  tag,
  auth,
  summary: 'Upload the social preview’s image (PNG or JPEG judged by its bytes, ≤ 1 MiB and 4096×4096); the preview needs a title first',
  params,
  upload: { contentTypes: ['image/png', 'image/jpeg'], maxBytes: MAX_PREVIEW_IMAGE_BYTES, tooLarge: previewImageTooLarge },
  responses: { 200: { description: 'OK', schema: z.object({ preview: ZLinkPreviewJson }) } },
  errors: workspaceErrors('not_found', ...uploadErrors),
});

export const deleteLinkPreviewImage = defineOperation({
  id: 'deleteLinkPreviewImage',
  permission: 'links.write',
  method: 'DELETE',
  path: '/api/v1/links/{id}/preview/image',
  tag,
  auth,
  summary: 'Back to the generated card',
  params,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});

export const getSiteFavicon = defineOperation({
  id: 'getSiteFavicon',
  permission: 'links.read',
  rateLimited: 'tokens',
  method: 'GET',
  path: '/api/v1/favicons/{host}',
  tag,
  auth,
  summary: 'The favicon of a site the workspace’s links go to (or a letter icon); a session’s reads are not counted',
  params: ZFaviconHostParams,
  responses: {
    200: {
      description: 'The site’s icon (X-Favicon: site) or a letter icon (X-Favicon: letter, SVG).',
      contentType: ['image/x-icon', 'image/vnd.microsoft.icon', 'image/png', 'image/gif', 'image/jpeg', 'image/webp', 'image/svg+xml'],
    },
  },
  errors: workspaceErrors('not_found', 'invalid_request'),
});
