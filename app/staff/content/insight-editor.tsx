'use client';

import { useActionState, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormErrorSummary, TextArea, TextField } from '@/components/ui/form-field';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';

type SaveAction = (state: FormState<null>, data: FormData) => Promise<FormState<null>>;

/** Markdown on the left, the article as visitors will see it on the right, re-rendered as you type. */
function LivePreview({ markdown, render }: { markdown: string; render: (markdown: string) => Promise<string> }) {
  const [html, setHtml] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => void render(markdown).then(setHtml), 300);
    return () => clearTimeout(timer);
  }, [markdown, render]);
  return (
    <section aria-labelledby="live-preview-heading" className="rounded-lg border border-line bg-surface p-4">
      <h2 id="live-preview-heading" className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
        Live preview
      </h2>
      <div
        data-testid="live-preview"
        className="mt-3 space-y-3 [&_h2]:font-serif [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}

export function InsightEditor({
  save,
  render,
  initial,
  isNew,
}: {
  save: SaveAction;
  render: (markdown: string) => Promise<string>;
  initial: Record<string, string>;
  isNew: boolean;
}) {
  const [state, formAction, pending] = useActionState(save, initialFormState<null>());
  const values = state.status === 'error' ? state.values : initial;
  const [markdown, setMarkdown] = useState(values.content ?? '');
  const { errors } = state;
  return (
    <form action={formAction} className="space-y-6">
      <FormErrorSummary errors={errors} />
      {isNew ? (
        <TextField name="id" label="Address (slug)" required hint="Lower-case words joined by hyphens; the article lives at /insights/<slug>." defaultValue={values.id} error={errors.id} />
      ) : (
        <input type="hidden" name="id" value={values.id} />
      )}
      <TextField name="title" label="Title" required maxLength={200} defaultValue={values.title} error={errors.title} />
      <TextArea name="summary" label="Summary" required rows={2} maxLength={300} defaultValue={values.summary} error={errors.summary} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField name="author" label="Author" required defaultValue={values.author} error={errors.author} />
        <TextField name="topics" label="Topics" required hint="Comma-separated slugs, e.g. buffer-management, operations" defaultValue={values.topics} error={errors.topics} />
        <TextField name="keywords" label="Keywords" hint="Comma-separated" defaultValue={values.keywords} error={errors.keywords} />
        <TextField name="related" label="Related insights" hint="Comma-separated slugs" defaultValue={values.related} error={errors.related} />
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" name="featured" defaultChecked={values.featured === 'on'} className="h-4 w-4" />
        Featured on the home page
      </label>
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <label htmlFor="content" className="block font-medium">
            Article (Markdown) <span className="text-ink-muted">(required)</span>
          </label>
          <textarea
            id="content"
            name="content"
            rows={24}
            value={markdown}
            onChange={(event) => setMarkdown(event.target.value)}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={errors.content ? 'content-error' : undefined}
            className="mt-1 block w-full rounded-md border border-ink/40 bg-surface px-3 py-2 font-mono text-sm text-ink"
          />
          {errors.content && (
            <p id="content-error" className="mt-1 text-sm font-medium text-danger">
              {errors.content}
            </p>
          )}
        </div>
        <LivePreview markdown={markdown} render={render} />
      </div>
      <div className="flex flex-wrap gap-4">
        <Button type="submit" name="intent" value="draft" variant="secondary" disabled={pending}>
          Save draft
        </Button>
        <Button type="submit" name="intent" value="publish" disabled={pending}>
          Publish
        </Button>
      </div>
    </form>
  );
}
