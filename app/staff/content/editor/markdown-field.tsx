'use client';

import { useEffect, useRef, useState } from 'react';
import type { ImageChoice } from '../forms/field-spec';
import { MediaInsert } from './media-insert';

/** Markdown on the left, the article as visitors will see it on the right, re-rendered as you type. */
export function MarkdownField({
  name,
  label,
  defaultValue,
  error,
  render,
  images = [],
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  render: (markdown: string) => Promise<string>;
  images?: readonly ImageChoice[];
}) {
  const [markdown, setMarkdown] = useState(defaultValue);
  const textarea = useRef<HTMLTextAreaElement>(null);
  /** An image goes in as its own paragraph where the cursor is. */
  const insert = (snippet: string) => {
    const at = textarea.current?.selectionStart ?? markdown.length;
    setMarkdown(`${markdown.slice(0, at).replace(/\s*$/, '')}\n\n${snippet}\n\n${markdown.slice(at).replace(/^\s*/, '')}`.replace(/^\n+/, ''));
  };
  const [html, setHtml] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => void render(markdown).then(setHtml), 300);
    return () => clearTimeout(timer);
  }, [markdown, render]);
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <div>
        <label htmlFor={name} className="block font-medium">
          {label} <span className="text-ink-muted">(required)</span>
        </label>
        <textarea
          ref={textarea}
          id={name}
          name={name}
          rows={24}
          value={markdown}
          onChange={(event) => setMarkdown(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
          className="mt-1 block w-full rounded-md border border-ink/40 bg-surface px-3 py-2 font-mono text-sm text-ink"
        />
        {error && (
          <p id={`${name}-error`} className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <MediaInsert images={images} onInsert={insert} />
      </div>
      {/* Scrolls on its own, so a long article does not push the Save button a dozen screens down; focusable to scroll by keyboard. */}
      <section aria-labelledby={`${name}-preview-heading`} tabIndex={0} className="max-h-[36rem] overflow-y-auto rounded-lg border border-line bg-surface p-4">
        <h2 id={`${name}-preview-heading`} className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
          Live preview
        </h2>
        <div
          data-testid="live-preview"
          className="mt-3 space-y-3 [&_h2]:font-serif [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </section>
    </div>
  );
}
