// A tag as a chip in its colour (app/tags.css holds the palette's CSS, lib/tags/tag-colors.ts its values).
import type { ReactNode } from 'react';
import { tagColor } from '@/lib/tags/tag-colors';

interface TagChipProps {
  name: string;
  /** The tag's colour as the API answers it; absent: the default colour for its name. */
  color?: string;
  children?: ReactNode;
}

export function TagChip({ name, color, children }: TagChipProps) {
  return (
    <span className="tag-chip" data-color={tagColor(name, color)}>
      {name}
      {children}
    </span>
  );
}
