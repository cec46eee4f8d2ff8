// /l/<page>/<code>: the link pages (lib/link-pages/link-page-routes.ts).
import { linkPageGet, linkPagePost } from '@/lib/link-pages/link-page-routes';

export const GET = linkPageGet;
export const POST = linkPagePost;
