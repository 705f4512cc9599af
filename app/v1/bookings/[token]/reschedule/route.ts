import { operations } from '@/lib/contract/operations';
import { rescheduleManagedBooking } from '@/lib/domain/bookings/manage-booking';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: handle(operations.rescheduleBooking, ({ params, body }) => rescheduleManagedBooking(params.token, body.preferredTimes)),
});
