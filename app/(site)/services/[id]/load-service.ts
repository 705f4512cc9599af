import { notFound } from 'next/navigation';
import { getServiceDetail } from '@/lib/domain/catalogue';
import { DomainError } from '@/lib/domain/errors';

/** The published service with this id, or the 404 page. */
export async function loadService(id: string) {
  try {
    return await getServiceDetail(id);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
