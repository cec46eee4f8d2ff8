// After switching or creating a workspace the page shows the new one: reload, except on a link's
// own page (that link belongs to the previous workspace) or an invitation, which go to /links.
export function showWorkspaceChange(): void {
  const { pathname } = window.location;
  if (/^\/(links\/|invite\/)/.test(pathname)) window.location.assign('/links');
  else window.location.reload();
}
