import { operations } from '@/lib/contract/operations';
import { cancelManagedBooking } from '@/lib/domain/bookings/manage-booking';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: handle(operations.cancelBooking, ({ params }) => cancelManagedBooking(params.token)),
});
