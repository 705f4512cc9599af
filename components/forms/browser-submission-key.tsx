'use client';

import { useEffect, useRef } from 'react';

/** 128 random bits, base64url, from the browser's generator (also on plain http, unlike crypto.randomUUID). */
function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The submission key of a form on a page that caches share between visitors, so the server cannot put a key in
 * it: each browser makes its own when the form appears, and again after React resets the form once an action has
 * run. A double click sends one key twice, so the server keeps one record. Without JavaScript the field stays empty
 * and the server derives the key at submit (lib/forms/submission-key.ts).
 */
export function BrowserSubmissionKey() {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const field = input.current;
    const form = field?.form;
    if (!field || !form) return;
    const fill = () => {
      if (!field.value) field.value = newSubmissionKey();
    };
    fill();
    form.addEventListener('submit', fill);
    return () => form.removeEventListener('submit', fill);
  }, []);
  return <input ref={input} type="hidden" name="submissionKey" defaultValue="" />;
}
