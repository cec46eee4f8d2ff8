// /l/<page>/<code>: the link pages (lib/api/handlers/link-page-routes.ts).
import { linkPageGet, linkPagePost } from '@/app/_lib/sling';

export const GET = linkPageGet;
export const POST = linkPagePost;
