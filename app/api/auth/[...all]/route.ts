import { authAnswer } from '@/lib/auth/auth-answer';
import { getAuth } from '@/lib/auth/auth';

// /api/auth/* – better-auth (sign-up, sign-in, sign-out, sessions)
const handle = async (req: Request) => authAnswer(await (await getAuth()).handler(req));
export const GET = handle;
export const POST = handle;
