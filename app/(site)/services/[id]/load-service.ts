import { getServiceDetail } from '@/lib/domain/catalogue/catalogue';
import { orNotFound } from '@/lib/site/or-not-found';

/** The published service with this id, or the 404 page. */
export function loadService(id: string) {
  return orNotFound(getServiceDetail(id));
}
