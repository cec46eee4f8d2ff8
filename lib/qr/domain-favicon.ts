// A domain's favicon as a QR logo: the one its owners uploaded (manage-favicon.ts), else Sling's icon
// (app/icon.svg, shipped rasterised as public/icon-256.png for PNG and PDF codes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/types';
import type { Domain } from '../domains/domain-registry';
import { findFavicon } from '../domains/manage-favicon';
import { projectRoot } from '../core/project-root';
import type { QrLogo } from './qr-logo';

type SlingIcon = QrLogo & { contentType: 'image/png'; updatedAt: Date };
let icon: SlingIcon | undefined;

/** Sling's own icon, shown wherever a domain has none of its own. */
export function slingIcon(): SlingIcon {
  return (icon ??= {
    contentType: 'image/png',
    data: readFileSync(join(projectRoot(), 'public', 'icon-256.png')),
    updatedAt: new Date(0),
  });
}

export async function domainFavicon(db: Db, domain: Pick<Domain, 'id' | 'isDefault'>): Promise<QrLogo & { updatedAt: Date }> {
  if (domain.isDefault) return slingIcon();
  return (await findFavicon(db, domain.id)) ?? slingIcon();
}
