'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { ImageChoice } from '../forms/field-spec';

/**
 * One library image, or none: a list by name and alt text, with a thumbnail of the chosen one. Images without alt
 * text are listed but marked, and saving refuses them with a message that says to describe them first.
 */
export function ImageChoiceField({
  name,
  label,
  hint,
  images,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  hint?: string;
  images: readonly ImageChoice[];
  defaultValue: string;
  error?: string;
}) {
  const [chosen, setChosen] = useState(defaultValue);
  const image = images.find((candidate) => candidate.id === chosen);
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={name} className="block font-medium">
        {label} <span className="text-ink-muted">(optional)</span>
      </label>
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-sm text-ink-muted">
          {hint} Upload and describe images in the{' '}
          <Link className="underline" href="/staff/media" target="_blank">
            media library
          </Link>{' '}
          (it opens in a new tab).
        </p>
      )}
      <div className="mt-1 flex items-start gap-4">
        <select
          key={defaultValue}
          id={name}
          name={name}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className="block w-full rounded-md border border-ink/40 bg-surface px-3 py-2 text-base text-ink"
        >
          <option value="">No image</option>
          {images.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.usable ? candidate.label : `${candidate.label}: describe it first`}
            </option>
          ))}
        </select>
        {image?.thumbnail && (
          // eslint-disable-next-line @next/next/no-img-element -- a library thumbnail, already sized
          <img src={image.thumbnail} alt="" width={96} height={64} className="h-16 w-24 shrink-0 rounded border border-line object-cover" />
        )}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
