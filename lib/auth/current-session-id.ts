// The id of the better-auth session a request carries (switch, create and accept change its
// active workspace, not the user's other sessions).
import { AppError } from '../core/errors';
import { findSession } from './session-lookup';

export async function currentSessionId(req: Request): Promise<string> {
  const session = await findSession(req.headers);
  if (!session) throw new AppError('unauthorized', 'Sign in first.');
  return session.sessionId;
}
