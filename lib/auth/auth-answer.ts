// better-auth answers an unknown endpoint (or GET on a POST-only one) with an empty or plain-text
// 404; the API's clients get the one JSON error shape instead.
import { json } from '../http/json-response';

export function authAnswer(res: Response): Response {
  if (res.status !== 404 || (res.headers.get('content-type') ?? '').startsWith('application/json')) return res;
  return json({ error: { code: 'not_found', message: 'No such account endpoint.' } }, { status: 404 });
}
