// The signed-in shell: the sidebar (brand, workspace switcher, pages, who is signed in) around
// every page, given the viewer read by the layout.
import type { ReactNode } from 'react';
import type { Viewer } from '@/app/_lib/current-viewer';
import { AppFrame } from './app-frame';
import { AppNav } from './app-nav';
import { CommandPalette, PaletteButton } from './command-palette';
import { SignOutButton } from './sign-out-button';
import { WorkspaceSwitcher } from './workspace-switcher';
import { can } from '@/app/_lib/sling';

export function AppShell({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  const sidebar = (
    <>
      <a className="logo sidebar-logo" href="/links">
        Sling<span>.</span>
      </a>
      <WorkspaceSwitcher currentId={viewer.actor.workspaceId} workspaces={viewer.workspaces} />
      <PaletteButton />
      <AppNav showAdmin={viewer.isAdmin} />
      <div className="sidebar-foot">
        <span className="who" data-testid="header-email" title={viewer.email}>
          {viewer.email}
        </span>
        <SignOutButton />
      </div>
    </>
  );
  return (
    <AppFrame sidebar={sidebar} palette={<CommandPalette showWebhooks={can(viewer.actor, 'webhooks.read')} />}>
      {children}
    </AppFrame>
  );
}
