import { unknownServiceMessage } from '../../content/content-bundle';
import type { ReferenceIssue, Tx } from '../content-type';

/** A testimonial or FAQ may belong to a service, which must exist (the content files' rule). */
export async function serviceReferenceIssues(tx: Tx, serviceId: string | null): Promise<ReferenceIssue[]> {
  if (serviceId === null || (await tx.service.count({ where: { id: serviceId } })) > 0) return [];
  return [{ code: 'custom', path: ['serviceId'], message: unknownServiceMessage(serviceId), input: serviceId }];
}
