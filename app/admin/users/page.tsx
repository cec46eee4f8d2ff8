import { requireAdmin } from '@/app/_lib/require-admin';
import { AdminShell } from '@/components/admin-shell';
import { AdminUserList } from '@/components/admin-user-list';
import { SettingsSection } from '@/components/settings-shell';
import { database, findUsers, mailConfigured, ZUsersQuery } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Users — Admin — Sling', robots: { index: false } };

type Query = Promise<Record<string, string | string[] | undefined>>;

// Admin → Users: search, page, change plans, ban and unban, start a password reset.
export default async function AdminUsersPage({ searchParams }: { searchParams: Query }) {
  const admin = await requireAdmin();
  const raw = await searchParams;
  const parsed = ZUsersQuery.safeParse({ q: typeof raw.q === 'string' ? raw.q : undefined, page: typeof raw.page === 'string' ? raw.page : undefined });
  const query = parsed.success ? parsed.data : {};
  const result = await findUsers((await database()).db, query);
  const pages = Math.max(1, Math.ceil(result.total / result.page_size));
  const href = (page: number) => `/admin/users?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), page: String(page) })}`;
  return (
    <AdminShell current="users">
      <SettingsSection id="users" title="Users" level={1}>
        <form className="admin-search" role="search" action="/admin/users">
          <label htmlFor="user-search" className="sr-only">
            Search by email or name
          </label>
          <input id="user-search" name="q" type="search" defaultValue={query.q ?? ''} placeholder="Search by email or name" maxLength={200} />
          <button type="submit" className="secondary">
            Search
          </button>
        </form>
        <p className="hint" data-testid="users-count">
          {result.total === 1 ? '1 account' : `${result.total} accounts`}
          {query.q ? ` matching “${query.q}”` : ''}
        </p>
        <AdminUserList users={result.users} viewerId={admin.id} mailOff={!mailConfigured()} />
        {pages > 1 ? (
          <nav className="pager" aria-label="Pages">
            {result.page > 1 ? <a href={href(result.page - 1)}>← Previous</a> : <span />}
            <span className="hint">
              Page {result.page} of {pages}
            </span>
            {result.page < pages ? <a href={href(result.page + 1)}>Next →</a> : <span />}
          </nav>
        ) : null}
      </SettingsSection>
    </AdminShell>
  );
}
