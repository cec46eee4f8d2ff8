'use client';
// The sidebar's page list with the current page marked; Admin is listed for platform admins only.
import { usePathname } from 'next/navigation';
import { Icon, type IconName } from './icons';

export interface NavItem {
  href: string;
  label: string;
  icon: IconName;
}

/** The pages of the dashboard, in sidebar order. */
export const NAV_ITEMS: NavItem[] = [
  { href: '/links', label: 'Links', icon: 'links' },
  { href: '/analytics', label: 'Analytics', icon: 'analytics' },
  { href: '/domains', label: 'Domains', icon: 'domains' },
  { href: '/settings', label: 'Settings', icon: 'settings' },
];

/** The admin console, added for platform admins. */
export const ADMIN_NAV_ITEM: NavItem = { href: '/admin', label: 'Admin', icon: 'admin' };

const isCurrent = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

export function AppNav({ items = NAV_ITEMS, showAdmin = false }: { items?: NavItem[]; showAdmin?: boolean }) {
  const pathname = usePathname() ?? '';
  if (showAdmin) items = [...items, ADMIN_NAV_ITEM];
  return (
    <nav className="app-nav" aria-label="Main">
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <a href={item.href} aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}>
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
