'use client';

import { useEffect, useRef } from 'react';

const QUESTION = 'The editor has edits that are not saved. Leave them and lose the edits?';

type Side = 'current' | 'default';

/** One control's entry: its name and its value now, or as the page drew it (React keeps the drawn one as the default). */
function entryOf(element: Element, side: Side): string | null {
  if (element instanceof HTMLInputElement) {
    if (!element.name || ['hidden', 'submit', 'button', 'reset'].includes(element.type)) return null;
    if (element.type === 'checkbox' || element.type === 'radio') {
      return `${element.name}:${element.value}:${side === 'current' ? element.checked : element.defaultChecked}`;
    }
    return `${element.name}=${side === 'current' ? element.value : element.defaultValue}`;
  }
  if (element instanceof HTMLTextAreaElement) return element.name ? `${element.name}=${side === 'current' ? element.value : element.defaultValue}` : null;
  if (element instanceof HTMLSelectElement) {
    if (!element.name) return null;
    // A select resets to its default option, or to its first when none is marked.
    const initial = Array.from(element.options).find((option) => option.defaultSelected) ?? element.options[0];
    return `${element.name}=${side === 'current' ? element.value : (initial?.value ?? '')}`;
  }
  return null;
}

/**
 * The item's fields, in one string. Only controls inside the form element count: the panels' note, schedule time and
 * link lifetime belong to the form too (their `form` attribute) but are not edits of the item.
 */
function fieldsText(form: HTMLFormElement, side: Side): string {
  return JSON.stringify(
    Array.from(form.elements)
      .filter((element) => form.contains(element))
      .map((element) => entryOf(element, side))
      .filter((entry) => entry !== null),
  );
}

const isModifiedClick = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/** A link that leaves this page in this tab (not one to a place on the page itself). */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const to = new URL(link.href, window.location.href);
  const here = new URL(window.location.href);
  return to.origin === here.origin && to.pathname === here.pathname && to.search === here.search && to.hash !== '' ? null : link;
}

/**
 * Asks before the editor's unsaved edits are lost: when the tab is closed or reloaded (the browser's own prompt), when a
 * link is followed (the staff pages move between each other without reloading, so no unload happens) and when another
 * form on the page posts (its answer redraws the editor from what is stored).
 *
 * "Unsaved" compares the fields with what the page drew when it showed the stored item. That baseline is taken again
 * whenever the stored item changes (after a save or a publish the page draws it anew), but not while the form shows a
 * refused post: those values are on screen, not stored.
 */
export function UnsavedEditsGuard({ formId, savedKey, failed }: { formId: string; savedKey: string; failed: boolean }) {
  const baseline = useRef<string | null>(null);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement && !failed) baseline.current = fieldsText(form, 'default');
  }, [formId, savedKey, failed]);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    // Once the person has said yes, the unload that may follow does not ask again.
    let leaving = false;
    const unsaved = () => !leaving && baseline.current !== null && fieldsText(form, 'current') !== baseline.current;
    const mayLeave = () => {
      if (!unsaved()) return true;
      leaving = window.confirm(QUESTION);
      return leaving;
    };
    const refuse = (event: Event) => {
      event.preventDefault();
      // Before React's listener (on the root, below the document) starts a navigation or a post.
      event.stopPropagation();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      // Browsers from before preventDefault() was enough ask only when returnValue is set.
      event.returnValue = true;
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || isModifiedClick(event) || !leavingLink(event)) return;
      if (!mayLeave()) refuse(event);
    };
    const onSubmit = (event: SubmitEvent) => {
      if (event.target !== form && !mayLeave()) refuse(event);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    document.addEventListener('submit', onSubmit, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
    };
  }, [formId]);

  return null;
}
