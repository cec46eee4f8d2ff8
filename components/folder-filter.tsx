'use client';
// The links toolbar's folder filter (all links, the unfiled ones, or one folder's, kept in the
// address bar as ?folder=), a menu like the other filters (filter-menu.tsx), and the "Folders"
// button that opens their management (folders-dialog.tsx).
import { FilterMenu } from './filter-menu';
import { type Folder, UNFILED } from './folders-api';
import { Icon } from './icons';
import { formatCount } from './links-api';

interface FolderFilterProps {
  folders: Folder[];
  value: string;
  onChange: (folder: string) => void;
  onManage: () => void;
}

export function FolderFilter({ folders, value, onChange, onManage }: FolderFilterProps) {
  // A folder from the address bar that is gone (deleted elsewhere) stays shown until changed.
  const known = value === '' || value === UNFILED || folders.some((f) => f.id === value);
  const options = [
    { value: '', label: 'All folders' },
    { value: UNFILED, label: 'Not in a folder' },
    ...folders.map((f) => ({ value: f.id, label: `${f.name} (${formatCount(f.links)})` })),
    ...(known ? [] : [{ value, label: 'A deleted folder' }]),
  ];
  return (
    <div className="folder-filter">
      <FilterMenu label="Folder" value={value} options={options} onChange={onChange} />
      <button type="button" className="secondary with-icon folder-manage" onClick={onManage}>
        <Icon name="folder" size={16} />
        Folders
      </button>
    </div>
  );
}
