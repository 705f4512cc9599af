'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/**
 * Upload by the file picker or by dropping a file on the box. Without JavaScript the form posts itself and the server
 * answers with a redirect; with it, the file is sent in the background and a refusal (an SVG, a file too large, a
 * damaged image) is shown here at once. Either way the next step is the image's page, to write its alt text.
 */
export function UploadForm({ maxText, replaceId }: { maxText: string; replaceId?: string }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(file: File) {
    setBusy(true);
    setError(null);
    const body = new FormData();
    body.set('file', file);
    if (replaceId) body.set('replace', replaceId);
    try {
      const response = await fetch('/staff/media/upload', { method: 'POST', body, headers: { accept: 'application/json' } });
      const answer = (await response.json().catch(() => ({}))) as { detail?: string; editUrl?: string };
      if (!response.ok || !answer.editUrl) throw new Error(answer.detail ?? `The upload failed (HTTP ${response.status}).`);
      router.push(`${answer.editUrl}?done=${replaceId ? 'replaced' : 'uploaded'}`);
      router.refresh();
    } catch (caught) {
      setError((caught as Error).message);
      setBusy(false);
    }
  }

  return (
    <form
      method="post"
      action="/staff/media/upload"
      encType="multipart/form-data"
      onSubmit={(event) => {
        const file = input.current?.files?.[0];
        if (!file) return;
        event.preventDefault();
        void send(file);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const file = event.dataTransfer.files[0];
        if (file) void send(file);
      }}
      data-testid="upload-form"
      className={`rounded-lg border-2 border-dashed p-6 ${dragging ? 'border-accent bg-surface' : 'border-line'}`}
    >
      {replaceId && <input type="hidden" name="replace" value={replaceId} />}
      <label htmlFor="media-file" className="block font-medium">
        {replaceId ? 'Replace the image with another file' : 'Upload an image'}
      </label>
      <p id="media-file-hint" className="mt-1 text-sm text-ink-muted">
        JPEG, PNG, WebP, AVIF or GIF (its first frame), up to {maxText}. Choose a file or drop it here. SVG is not accepted.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <input ref={input} id="media-file" name="file" type="file" accept={ACCEPT} required aria-describedby="media-file-hint" className="text-sm" />
        <Button type="submit" disabled={busy}>
          {busy ? 'Uploading…' : replaceId ? 'Replace' : 'Upload'}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-danger p-3 text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
