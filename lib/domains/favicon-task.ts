// Checking an uploaded domain favicon, run in the CPU pool (lib/runtime/cpu-task.ts).
import { asBuffer, cpuTask } from '../runtime/cpu-task';

/** Checks an uploaded domain favicon by its bytes (PNG header, then a full decode). */
export const checkFaviconTask = cpuTask('checkFavicon', async () => {
  const { validateFavicon } = await import('./favicon-image');
  return (data: Uint8Array) => validateFavicon(asBuffer(data));
});
