'use client';
// The links page's labels: the workspace's tags (names for the filters, colours for the chips) and
// its folders (the folder filter's choices, the rows' folder names, the bulk bar's targets). Read
// again whenever `reload` moves, since a save may add or drop a tag and folder counts move.
import { useEffect, useMemo, useState } from 'react';
import { type Folder, listFolders } from './folders-api';
import { linksApi } from './links-api';

type TagItem = { name: string; color: string };

export function useLinkLabels(reload: number) {
  const [tagItems, setTagItems] = useState<TagItem[]>([]);
  const [folders, setFolders] = useState<Folder[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` is a counter: bumping it reads the labels again
  useEffect(() => {
    let cancelled = false;
    linksApi<{ tags: TagItem[] }>('/tags')
      .then((r) => !cancelled && setTagItems(r.tags))
      .catch(() => {});
    listFolders()
      .then((f) => !cancelled && setFolders(f))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [reload]);

  const tags = useMemo(() => tagItems.map((t) => t.name), [tagItems]);
  const tagColors = useMemo(() => Object.fromEntries(tagItems.map((t) => [t.name, t.color])) as Record<string, string>, [tagItems]);
  return { tags, tagColors, folders };
}
