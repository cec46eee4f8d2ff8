// Settings → API tokens, for the signed-in user: list, create, regenerate, rotate, revoke.
import type { Db } from '../db/types';
import { AppError, invalidField } from '../http/errors';
import { readJsonBody, readOptionalJsonBody } from '../http/read-json-body';
import type { SessionResult, SessionUser } from '../http/with-session';
import { parseExpiration } from '../links/parse-expiration';
import { createApiToken, DEFAULT_ROTATION_GRACE_HOURS, findUserTokens, replaceTokenSecret, revokeApiToken, serializeToken } from './manage-tokens';

export async function listTokens(_req: Request, user: SessionUser, db: Db): Promise<SessionResult> {
  return { status: 200, body: { tokens: (await findUserTokens(db, user.id)).map(serializeToken) } };
}

export async function createToken(req: Request, user: SessionUser, db: Db): Promise<SessionResult> {
  const body = (await readJsonBody(req)) as { name?: unknown; expires_at?: unknown };
  if (body.name !== undefined && typeof body.name !== 'string') throw invalidField('name', 'The name must be text.');
  const expiresAt = body.expires_at ? parseExpiration(body.expires_at, 'expires_at') : null;
  const { secret, token } = await createApiToken(db, { userId: user.id, name: body.name as string | undefined, expiresAt });
  return { status: 201, body: { token: serializeToken(token), secret } };
}

export async function changeToken(req: Request, user: SessionUser, db: Db, params: { id: string; action: string }): Promise<SessionResult> {
  if (params.action !== 'regenerate' && params.action !== 'rotate') throw new AppError('not_found', 'No such action.');
  let graceHours = 0;
  if (params.action === 'rotate') {
    const body = (await readOptionalJsonBody(req)) as { grace_hours?: unknown };
    graceHours = body.grace_hours === undefined ? DEFAULT_ROTATION_GRACE_HOURS : Number(body.grace_hours);
    if (!Number.isFinite(graceHours) || graceHours <= 0) throw invalidField('grace_hours', 'The grace period must be a positive number of hours.');
  }
  const { secret, token } = await replaceTokenSecret(db, { tokenId: params.id, userId: user.id, graceHours });
  return { status: 200, body: { token: serializeToken(token), secret } };
}

export async function deleteToken(_req: Request, user: SessionUser, db: Db, params: { id: string }): Promise<SessionResult> {
  await revokeApiToken(db, { tokenId: params.id, userId: user.id });
  return { status: 204 };
}
