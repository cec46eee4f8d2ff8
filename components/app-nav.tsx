'use client';
// The sidebar's page list with the current page marked. A page is listed only once it exists (the
// Admin page slots in here when its issue lands).
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

const isCurrent = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

export function AppNav({ items = NAV_ITEMS }: { items?: NavItem[] }) {
  const pathname = usePathname() ?? '';
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
