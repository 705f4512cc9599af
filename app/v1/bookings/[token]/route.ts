import { operations } from '@/lib/contract/operations';
import { getManagedBooking } from '@/lib/domain/bookings/manage-booking';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  GET: handle(operations.getBooking, ({ params }) => getManagedBooking(params.token)),
});
