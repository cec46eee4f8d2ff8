import type { ReactNode } from 'react';
import './admin.css';

// The admin console's pages share their styles; each page checks the admin itself.
export default function AdminLayout({ children }: { children: ReactNode }) {
  return children;
}
