// Dashboard endpoints: the better-auth session cookie identifies the user; no session is 401.
// State-changing calls must send JSON (or no body), which cross-site forms cannot do without CORS.
import { getAuth } from '../auth/auth';
import { database } from '../db/database';
import type { Db } from '../db/types';
import { AppError } from './errors';
import { errorResponse, json } from './json-response';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface SessionResult {
  status: number;
  body?: unknown;
}

export function withSession<P>(run: (req: Request, user: SessionUser, db: Db, params: P) => Promise<SessionResult>) {
  return async (req: Request, context: { params: Promise<P> }): Promise<Response> => {
    try {
      const session = await (await getAuth()).api.getSession({ headers: req.headers });
      if (!session) throw new AppError('unauthorized', 'Sign in first.');
      const result = await run(req, session.user, (await database()).db, await context.params);
      return result.status === 204 ? new Response(null, { status: 204 }) : json(result.body, { status: result.status });
    } catch (err) {
      return errorResponse(err);
    }
  };
}
