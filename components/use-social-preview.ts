'use client';
// The link dialog's social preview state: title, description and image (an https URL or a file to
// upload), what the save sends as `preview` (nothing when unchanged, null to remove), and the upload
// that follows the save (PUT /api/v1/links/{id}/preview/image with the file as the body).
import { useEffect, useMemo, useState } from 'react';
import type { LinkPreviewJson } from '@/lib/previews/link-preview-schema';
import { ApiError } from './api-client';

export type PreviewImageChoice = 'generated' | 'url' | 'upload';

export interface SocialPreviewForm {
  initial: LinkPreviewJson | null;
  title: string;
  setTitle: (v: string) => void;
  description: string;
  setDescription: (v: string) => void;
  choice: PreviewImageChoice;
  setChoice: (v: PreviewImageChoice) => void;
  imageUrl: string;
  setImageUrl: (v: string) => void;
  file: File | null;
  setFile: (f: File | null) => void;
  /** An object URL of the chosen file, for the card preview. */
  fileUrl: string | null;
  /** The `preview` field of the create/update body: undefined leaves it as it is. */
  change(): { preview: unknown } | Record<string, never>;
  /** Field errors found before sending (a file or image without a title). */
  problems(): Record<string, string>;
  /** Uploads the chosen file once the link is saved; answers the saved preview (or undefined: nothing sent). */
  upload(linkId: number): Promise<LinkPreviewJson | undefined>;
}

export function useSocialPreview(initial: LinkPreviewJson | null | undefined): SocialPreviewForm {
  const start = initial ?? null;
  const [title, setTitle] = useState(start?.title ?? '');
  const [description, setDescription] = useState(start?.description ?? '');
  const [choice, setChoice] = useState<PreviewImageChoice>(start?.image_source ?? 'generated');
  const [imageUrl, setImageUrl] = useState(start?.image_source === 'url' ? (start.image ?? '') : '');
  const [file, setFile] = useState<File | null>(null);
  const fileUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (fileUrl ? URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);

  const empty = () => !title.trim() && !description.trim() && !(choice === 'url' && imageUrl.trim()) && !(choice === 'upload' && file);

  function change(): { preview: unknown } | Record<string, never> {
    if (empty()) return start ? { preview: null } : {};
    // An upload keeps the stored image (image left out); a new file is sent after the save.
    const image = choice === 'url' ? { image: imageUrl.trim() || null } : choice === 'upload' && start?.image_source === 'upload' ? {} : { image: null };
    const preview = { title: title.trim(), description: description.trim() || null, ...image };
    const same =
      start !== null &&
      preview.title === start.title &&
      preview.description === start.description &&
      choice === start.image_source &&
      (choice !== 'url' || imageUrl.trim() === start.image);
    return same ? {} : { preview };
  }

  function problems(): Record<string, string> {
    if (!empty() && !title.trim()) return { 'preview.title': 'A social preview needs a title.' };
    if (choice === 'upload' && !file && start?.image_source !== 'upload' && title.trim())
      return { image: 'Choose an image file, or pick another image option.' };
    return {};
  }

  async function upload(linkId: number): Promise<LinkPreviewJson | undefined> {
    if (choice !== 'upload' || !file || empty()) return undefined;
    const res = await fetch(`/api/v1/links/${linkId}/preview/image`, {
      method: 'PUT',
      body: file,
      headers: { 'content-type': file.type || 'application/octet-stream' },
    });
    const body = await res.json().catch(() => null);
    if (!res.ok)
      throw new ApiError(
        body?.error?.message ?? `The server answered ${res.status}.`,
        body?.error?.details ?? { image: body?.error?.message ?? 'The image was refused.' },
      );
    return body.preview as LinkPreviewJson;
  }

  return {
    initial: start,
    title,
    setTitle,
    description,
    setDescription,
    choice,
    setChoice,
    imageUrl,
    setImageUrl,
    file,
    setFile,
    fileUrl,
    change,
    problems,
    upload,
  };
}
