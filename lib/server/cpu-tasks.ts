// The CPU-heavy tasks, by name: run by the pool's worker threads (cpu-worker.ts), or in the calling
// thread when no pool is started (run-cpu-task.ts). Arguments and results cross threads by
// structured clone, which turns a Buffer into a plain Uint8Array: tasks take Uint8Array.
import { bcryptCompare, bcryptHash } from '../auth/bcrypt';
import type { QrOptions } from '../qr/qr-options';
import { validateFavicon } from '../domains/favicon-image';
import { validateLogo, type QrLogo } from '../qr/qr-logo';
import { renderQr } from '../qr/render-qr';
import { renderCard, type CardInput } from '../previews/render-card';
import { validatePreviewImage } from '../previews/preview-image';

export type CpuLogo = Omit<QrLogo, 'data'> & { data: Uint8Array };

export const cpuTasks = {
  renderQr: (text: string, opts: QrOptions, logo?: CpuLogo) => renderQr(text, opts, logo && { contentType: logo.contentType, data: asBuffer(logo.data) }),
  /** Checks an uploaded logo (its size from the header, then a full decode); answers its type. */
  checkLogo: (contentType: string | null, data: Uint8Array): QrLogo['contentType'] => validateLogo(contentType, asBuffer(data)).contentType,
  /** Checks an uploaded domain favicon by its bytes (PNG header, then a full decode). */
  checkFavicon: (data: Uint8Array) => validateFavicon(asBuffer(data)),
  /** A link's generated social card (1200×630 PNG). */
  renderPreviewCard: (input: CardInput) => renderCard(input),
  /** Checks an uploaded social-preview image (PNG decoded, JPEG header read); answers its type. */
  checkPreviewImage: (data: Uint8Array) => validatePreviewImage(data),
  hashPassword: (password: string) => bcryptHash(password),
  verifyPassword: (password: string, hash: string) => bcryptCompare(password, hash),
};

export type CpuTasks = typeof cpuTasks;

function asBuffer(data: Uint8Array): Buffer {
  return Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
