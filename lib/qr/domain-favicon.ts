// A domain's favicon as a QR logo. Every domain serves Sling's icon today (app/icon.svg, shipped
// rasterised as public/icon-256.png for PNG and PDF codes); when custom domains get icons of their
// own, this is where to look them up.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Domain } from '../domains/domain-registry';
import { globalSingleton } from '../runtime/global-singleton';
import { projectRoot } from '../runtime/project-root';
import type { QrLogo } from './qr-logo';

export function domainFavicon(_domain: Domain): QrLogo & { updatedAt: Date } {
  return globalSingleton('slingIconLogo', () => ({
    contentType: 'image/png' as const,
    data: readFileSync(join(/* turbopackIgnore: true */ projectRoot(), 'public', 'icon-256.png')),
    updatedAt: new Date(0),
  }));
}
