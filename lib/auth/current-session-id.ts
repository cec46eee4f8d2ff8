// The id of the better-auth session a request carries (switch, create and accept change its
// active workspace, not the user's other sessions).
import { AppError } from '../http/errors';
import { loadAuth } from './load-auth';

export async function currentSessionId(req: Request): Promise<string> {
  const session = await (await loadAuth()).api.getSession({ headers: req.headers });
  if (!session) throw new AppError('unauthorized', 'Sign in first.');
  return session.session.id;
}
