'use client';
// "Edit" on a link's own page: the links list's dialog (link-form-dialog.tsx) over the page, which
// reads the saved link again afterwards. Shown only to who may change the link (the page asks the
// database with write access, as the API does on save).
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { LinkFormDialog } from './link-form-dialog';
import type { DomainOption, Link } from './links-api';
import { useToast } from './toasts';

export function LinkEditButton({ link, domains }: { link: Link; domains: DomainOption[] }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const toast = useToast();
  return (
    <>
      <button type="button" className="secondary small" onClick={() => setOpen(true)}>
        Edit
      </button>
      {open ? (
        <LinkFormDialog
          link={link}
          domains={domains}
          onClose={() => setOpen(false)}
          onSaved={(saved) => {
            setOpen(false);
            toast.show(`Saved ${saved.short_url}.`);
            router.refresh();
          }}
        />
      ) : null}
    </>
  );
}
