import { notFound } from 'next/navigation';
import { DomainError } from '@/lib/core/errors';

/** A page's lookup, with "not found" in the domain turned into the 404 page; other failures go on up. */
export async function orNotFound<T>(lookup: Promise<T>): Promise<T> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
