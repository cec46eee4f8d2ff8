// The social previews' CPU-heavy work, run in the CPU pool (lib/runtime/cpu-task.ts).
import { cpuTask } from '../runtime/cpu-task';
import type { CardInput } from './render-card';

/** A link's generated social card (1200×630 PNG). */
export const renderPreviewCardTask = cpuTask('renderPreviewCard', async () => {
  const { renderCard } = await import('./render-card');
  return (input: CardInput) => renderCard(input);
});

/** Checks an uploaded social-preview image (PNG decoded, JPEG header read); answers its type. */
export const checkPreviewImageTask = cpuTask('checkPreviewImage', async () => {
  const { validatePreviewImage } = await import('./preview-image');
  return (data: Uint8Array) => validatePreviewImage(data);
});
