'use client';

import { useEditorForm } from '../editor/editor-form';
import { EDITOR_FORM_ID, intentOf } from '../editor/editor-state';
import type { ConflictView } from './booking-acknowledgements';
import { BookingAcknowledgements } from './booking-acknowledgements';

/**
 * The bookings Publish or Schedule must have confirmed, as boxes of the editor's form named for the step: those the
 * saved draft no longer covers, and those a refused post named (the edit on screen may differ from the draft, or there
 * may be no draft at all), ticked as that post sent them.
 */
export function StepAcknowledgements({ intent, ofDraft, zone }: { intent: 'publish' | 'schedule'; ofDraft: readonly ConflictView[]; zone: string }) {
  const { state } = useEditorForm();
  const name = `${intent}Acknowledge`;
  const refused = state.status === 'error' && intentOf(state.values.intent) === intent ? (state.conflicts ?? []) : [];
  const conflicts = [...ofDraft, ...refused.filter((conflict) => !ofDraft.some((known) => known.bookingId === conflict.bookingId))];
  return <BookingAcknowledgements conflicts={conflicts} zone={zone} name={name} form={EDITOR_FORM_ID} ticked={(state.values[name] ?? '').split('\n')} />;
}
