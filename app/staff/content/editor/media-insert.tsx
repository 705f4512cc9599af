'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { ImageChoice } from '../forms/field-spec';

/**
 * Puts a library image into the article at the cursor as `![alt](media:<id>)`: standard Markdown that names the
 * image and carries its alt text, which can be edited there for this place.
 */
export function MediaInsert({ images, onInsert }: { images: readonly ImageChoice[]; onInsert: (markdown: string) => void }) {
  const usable = images.filter((image) => image.usable);
  const [chosen, setChosen] = useState(usable[0]?.id ?? '');
  if (usable.length === 0) {
    return (
      <p className="mt-2 text-sm text-ink-muted">
        To show a picture in the article, upload it to the{' '}
        <Link className="underline" href="/staff/media" target="_blank">
          media library
        </Link>{' '}
        (it opens in a new tab) and write its alt text.
      </p>
    );
  }
  const image = usable.find((candidate) => candidate.id === chosen);
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="insert-image" className="block text-sm font-medium">
          Image from the library
        </label>
        <select
          id="insert-image"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          className="mt-1 block max-w-md rounded-md border border-ink/40 bg-surface px-3 py-1.5 text-sm text-ink"
        >
          {usable.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.label}
            </option>
          ))}
        </select>
      </div>
      <button type="button" onClick={() => image && onInsert(image.markdown)} className="rounded-md border border-line px-3 py-1.5 text-sm font-medium">
        Insert image
      </button>
    </div>
  );
}
