// The QR feature's CPU-heavy work, run in the CPU pool (lib/runtime/cpu-task.ts).
import { asBuffer, cpuTask } from '../runtime/cpu-task';
import type { QrLogo } from './qr-logo';
import type { QrOptions } from './qr-options';

/** A logo as it crosses threads: its bytes as a Uint8Array. */
export type CpuLogo = Omit<QrLogo, 'data'> & { data: Uint8Array };

export const renderQrTask = cpuTask('renderQr', async () => {
  const { renderQr } = await import('./render-qr');
  return (text: string, opts: QrOptions, logo?: CpuLogo) => renderQr(text, opts, logo && { contentType: logo.contentType, data: asBuffer(logo.data) });
});

/** Checks an uploaded logo (its size from the header, then a full decode); answers its type. */
export const checkLogoTask = cpuTask('checkLogo', async () => {
  const { validateLogo } = await import('./qr-logo');
  return (contentType: string | null, data: Uint8Array): QrLogo['contentType'] => validateLogo(contentType, asBuffer(data)).contentType;
});
