'use server';

import { DomainError, notFound } from '@/lib/core/errors';
import { createEndpoint, deleteEndpoint, pauseEndpoint, resumeEndpoint, rotateSecret } from '@/lib/domain/webhooks/endpoints';
import { resendDelivery, sendTestEvent } from '@/lib/domain/webhooks/manual-deliveries';
import { dismissMissedEvents, replayMissedEvents } from '@/lib/domain/webhooks/missed-events';
import type { StaffActor } from '@/lib/domain/staff/roles';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { withOutcome } from '../action-outcome';
import type { SecretFormState } from './endpoint-form-state';

const LIST = '/staff/webhooks';
const endpointPath = (id: string) => `${LIST}/${encodeURIComponent(id)}`;

/** An id bound into a form arrives as whatever the request says: anything but a string is an unknown endpoint. */
function idOf(value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.length > 200) throw notFound('Webhook endpoint', String(value).slice(0, 40));
  return value;
}

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
};

/** Adds an endpoint; the answer carries its signing secret, which no page shows again. */
export async function createEndpointAction(_previous: SecretFormState, formData: FormData): Promise<SecretFormState> {
  const actor = await requireStaff('webhooks', LIST);
  const values = {
    url: text(formData, 'url'),
    description: text(formData, 'description'),
    eventTypes: formData.getAll('eventTypes').filter((value): value is string => typeof value === 'string'),
  };
  const created = await createEndpoint(actor, values);
  if (!created.ok) return { values, errors: created.errors, secret: null, endpointId: null };
  return { values: {}, errors: {}, secret: created.secret, endpointId: created.id };
}

/** A new signing secret, shown once; the old one keeps signing beside it for the overlap chosen. */
export async function rotateSecretAction(endpointId: unknown, _previous: SecretFormState, formData: FormData): Promise<SecretFormState> {
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
  const id = typeof endpointId === 'string' && /^[\w-]{1,200}$/.test(endpointId) ? endpointId : '';
  const back = id ? endpointPath(id) : LIST;
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

export async function sendTestEventAction(endpointId: unknown, formData: FormData): Promise<void> {
  await onEndpoint(endpointId, (id, actor) => sendTestEvent(actor, id, text(formData, 'eventType')), 'test-sent');
}

export async function resendDeliveryAction(endpointId: unknown, deliveryId: unknown): Promise<void> {
  await onEndpoint(
    endpointId,
    (_id, actor) => {
      if (typeof deliveryId !== 'string' || deliveryId.length > 200) throw notFound('Webhook delivery', String(deliveryId).slice(0, 40));
      return resendDelivery(actor, deliveryId);
    },
    'resent',
  );
}

/** Deletes an endpoint once the admin ticked the confirmation; back to the list. */
export async function deleteEndpointAction(endpointId: unknown, formData: FormData): Promise<void> {
  if (text(formData, 'confirm') !== 'delete') {
    await onEndpoint(
      endpointId,
      async () => {
        throw new DomainError('TRANSITION_NOT_ALLOWED', 'Tick the box to confirm the deletion.');
      },
      'kept',
    );
  }
  const actor = await requireStaff('webhooks', LIST);
  await withOutcome(LIST, () => deleteEndpoint(actor, idOf(endpointId)), 'deleted');
}
