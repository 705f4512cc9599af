'use server';

import { DomainError } from '@/lib/core/errors';
import { createEndpoint, deleteEndpoint, pauseEndpoint, resumeEndpoint, rotateSecret } from '@/lib/domain/webhooks/endpoints';
import { resendDelivery, sendTestEvent } from '@/lib/domain/webhooks/manual-deliveries';
import { dismissMissedEvents, replayMissedEvents } from '@/lib/domain/webhooks/missed-events';
import type { StaffActor } from '@/lib/domain/staff/roles';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from '../action-outcome';
import type { SecretFormState } from './endpoint-form-state';

const LIST = '/staff/webhooks';
const endpointPath = (id: string) => `${LIST}/${encodeURIComponent(id)}`;

/** Record ids are opaque (`whe_…`, `whd_…`): anything else a request binds into a form is unknown, and never echoed. */
const isRecordId = (value: unknown): value is string => typeof value === 'string' && /^[\w-]{1,200}$/.test(value);

function idOf(value: unknown, what = 'webhook endpoint'): string {
  if (!isRecordId(value)) throw new DomainError('NOT_FOUND', `There is no such ${what}.`);
  return value;
}

/** A form field as text; a request that sends no form (or not this field) reads as empty. */
const text = (formData: unknown, name: string) => {
  const value = formData instanceof FormData ? formData.get(name) : null;
  return typeof value === 'string' ? value : '';
};

const texts = (formData: unknown, name: string) =>
  formData instanceof FormData ? formData.getAll(name).filter((value): value is string => typeof value === 'string') : [];

/** The endpoint page for a plausible id, else the list. */
const backTo = (endpointId: unknown) => (isRecordId(endpointId) ? endpointPath(endpointId) : LIST);

/** Adds an endpoint; the answer carries its signing secret, which no page shows again. */
export async function createEndpointAction(_previous: SecretFormState, formData: unknown): Promise<SecretFormState> {
  const actor = await requireStaff('webhooks', LIST);
  const values = {
    url: text(formData, 'url'),
    description: text(formData, 'description'),
    eventTypes: texts(formData, 'eventTypes'),
  };
  const created = await createEndpoint(actor, values);
  if (!created.ok) return { values, errors: created.errors, secret: null, endpointId: null };
  return { values: {}, errors: {}, secret: created.secret, endpointId: created.id };
}

/** A new signing secret, shown once; the old one keeps signing beside it for the overlap chosen. */
export async function rotateSecretAction(endpointId: unknown, _previous: SecretFormState, formData: unknown): Promise<SecretFormState> {
  const actor = await requireStaff('webhooks', LIST);
  const overlap = text(formData, 'overlapHours');
  try {
    const id = idOf(endpointId);
    const secret = await rotateSecret(actor, id, Number(overlap));
    return { values: {}, errors: {}, secret, endpointId: id };
  } catch (error) {
    if (error instanceof DomainError) return { values: { overlapHours: overlap }, errors: { overlapHours: error.message }, secret: null, endpointId: null };
    throw error;
  }
}

/** The page to come back to after a button on an endpoint's page; a bad id falls back to the list. */
async function onEndpoint(endpointId: unknown, work: (id: string, actor: StaffActor) => Promise<unknown>, done: string): Promise<void> {
  const back = backTo(endpointId);
  const actor = await requireStaff('webhooks', back);
  await withOutcome(back, () => work(idOf(endpointId), actor), done);
}

export async function pauseEndpointAction(endpointId: unknown): Promise<void> {
  await onEndpoint(endpointId, (id, actor) => pauseEndpoint(actor, id), 'paused');
}

export async function resumeEndpointAction(endpointId: unknown): Promise<void> {
  await onEndpoint(endpointId, (id, actor) => resumeEndpoint(actor, id), 'resumed');
}

export async function replayMissedAction(endpointId: unknown): Promise<void> {
  await onEndpoint(endpointId, (id, actor) => replayMissedEvents(actor, id), 'replayed');
}

export async function dismissMissedAction(endpointId: unknown): Promise<void> {
  await onEndpoint(endpointId, (id, actor) => dismissMissedEvents(actor, id), 'dismissed');
}

export async function sendTestEventAction(endpointId: unknown, formData: unknown): Promise<void> {
  await onEndpoint(endpointId, (id, actor) => sendTestEvent(actor, id, text(formData, 'eventType')), 'test-sent');
}

export async function resendDeliveryAction(endpointId: unknown, deliveryId: unknown): Promise<void> {
  await onEndpoint(endpointId, (_id, actor) => resendDelivery(actor, idOf(deliveryId, 'delivery')), 'resent');
}

/** Deletes an endpoint once the admin ticked the confirmation; back to the list. */
export async function deleteEndpointAction(endpointId: unknown, formData: unknown): Promise<void> {
  const actor = await requireStaff('webhooks', backTo(endpointId));
  if (text(formData, 'confirm') !== 'delete') {
    await withOutcome(backTo(endpointId), async () => {
      throw new DomainError('TRANSITION_NOT_ALLOWED', 'Tick the box to confirm the deletion.');
    });
  }
  await withOutcome(LIST, () => deleteEndpoint(actor, idOf(endpointId)), 'deleted');
}
