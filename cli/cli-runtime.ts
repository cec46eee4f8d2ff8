// The database a command works on: its own (openRuntime, which locks an embedded DATA_DIR), or,
// when a running server executes it for the admin socket, the server's, left open afterwards.
import { openRuntime, type Runtime } from '../lib/server/open-runtime';
import { hostedRuntime } from './cli-io';

export async function openCliRuntime(opts: { migrate?: boolean } = {}): Promise<Runtime> {
  const hosted = hostedRuntime();
  if (hosted) return { config: hosted.config, handle: hosted.handle, close: async () => {} };
  return openRuntime(opts);
}
