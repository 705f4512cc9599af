import { operations } from '@/lib/contract/operations';
import { requestBooking } from '@/lib/domain/bookings/request-booking';
import { defineRoute } from '@/lib/http/define-route';
import { handle } from '@/lib/http/operation-handler';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  POST: handle(operations.bookConsultation, ({ body }) => requestBooking(body)),
});
