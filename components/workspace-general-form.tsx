'use client';
// Settings → General: the workspace's name and slug (admins and the owner change them).
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { type ApiError, apiJson } from './api-client';
import { FormError } from './form-error';
import { useToast } from './toasts';

interface WorkspaceGeneralFormProps {
  name: string;
  slug: string;
  /** Admins and the owner; others see the values read-only. */
  editable: boolean;
}

export function WorkspaceGeneralForm({ name, slug, editable }: WorkspaceGeneralFormProps) {
  const [saved, setSaved] = useState({ name, slug });
  const [values, setValues] = useState({ name, slug });
  const [error, setError] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const router = useRouter();

  async function save(e: FormEvent) {
    e.preventDefault();
    const changes = Object.fromEntries((['name', 'slug'] as const).filter((k) => values[k].trim() !== saved[k]).map((k) => [k, values[k].trim()]));
    setBusy(true);
    setError(null);
    try {
      const { workspace } = await apiJson<{ workspace: { name: string; slug: string } }>('/api/v1/workspace', { method: 'PATCH', body: changes });
      setSaved({ name: workspace.name, slug: workspace.slug });
      setValues({ name: workspace.name, slug: workspace.slug });
      toast.show('Workspace saved');
      // The header's switcher shows the name.
      router.refresh();
    } catch (err) {
      setError(err as ApiError);
    } finally {
      setBusy(false);
    }
  }

  const field = (key: 'name' | 'slug') => error?.details[key];
  const unchanged = values.name.trim() === saved.name && values.slug.trim() === saved.slug;
  return (
    <form className="stack" onSubmit={save} noValidate>
      <label>
        Workspace name
        <input
          name="name"
          value={values.name}
          maxLength={60}
          readOnly={!editable}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
          aria-invalid={field('name') ? true : undefined}
        />
        {field('name') && <span className="field-error">{field('name')}</span>}
      </label>
      <label>
        Slug
        <input
          name="slug"
          value={values.slug}
          maxLength={48}
          readOnly={!editable}
          onChange={(e) => setValues({ ...values, slug: e.target.value })}
          aria-invalid={field('slug') ? true : undefined}
          aria-describedby="slug-hint"
        />
        <span id="slug-hint" className="hint">
          The workspace&apos;s short name in addresses and the API: 3–48 lowercase letters, digits and dashes.
        </span>
        {field('slug') && <span className="field-error">{field('slug')}</span>}
      </label>
      <FormError message={error && !field('name') && !field('slug') ? error.message : null} />
      {editable ? (
        <div>
          <button type="submit" disabled={busy || unchanged}>
            {busy ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      ) : (
        <p className="muted">Only admins and the owner change the name and slug.</p>
      )}
    </form>
  );
}
