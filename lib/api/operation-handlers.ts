import { operations } from '@/lib/contract/operations';
import { cancelManagedBooking, getManagedBooking, rescheduleManagedBooking } from '@/lib/domain/bookings/manage-booking';
import { getAvailability, requestBooking } from '@/lib/domain/bookings/request-booking';
import { getCompanyProfile, listCredentials } from '@/lib/domain/business/business';
import { getServiceDetail, listServiceCategories, listServiceFaqs, listServiceTestimonials, listServices } from '@/lib/domain/catalogue/catalogue';
import { getCheckout, startCheckout } from '@/lib/domain/checkout';
import { getCapabilities } from '@/lib/domain/discovery/discovery';
import { submitInquiry } from '@/lib/domain/inquiries/inquiries';
import { getInsight, listInsights } from '@/lib/domain/insights/insights';
import { getTocPrinciples } from '@/lib/domain/knowledge/knowledge';
import { getReport } from '@/lib/domain/reports';
import { searchInsights } from '@/lib/domain/search/insight-search';
import { healthHandler } from '@/lib/http/health';
import { handle, type RouteHandler } from '@/lib/http/operation-handler';

/**
 * Every /v1 operation bound to its use case, once: the operation's contract (parsing, validation, errors, headers)
 * around the one domain call that answers it. The route files under app/v1 and the MCP server's tools both run these
 * handlers, so an agent's call and an HTTP request are the same code.
 */
export const operationHandlers = {
  bookConsultation: handle(operations.bookConsultation, ({ body }) => requestBooking(body)),
  cancelBooking: handle(operations.cancelBooking, ({ params }) => cancelManagedBooking(params.token)),
  getAvailability: handle(operations.getAvailability, () => getAvailability()),
  getBooking: handle(operations.getBooking, ({ params }) => getManagedBooking(params.token)),
  getBusinessProfile: handle(operations.getBusinessProfile, () => getCompanyProfile()),
  getCapabilities: handle(operations.getCapabilities, () => getCapabilities()),
  getCheckout: handle(operations.getCheckout, ({ params }) => getCheckout(params.token)),
  getHealth: healthHandler(operations.getHealth),
  getInsight: handle(operations.getInsight, ({ params }) => getInsight(params.insightId)),
  getReport: handle(operations.getReport, ({ params }) => getReport(params.token)),
  getService: handle(operations.getService, ({ params }) => getServiceDetail(params.serviceId)),
  getTocPrinciples: handle(operations.getTocPrinciples, () => getTocPrinciples()),
  listBusinessCredentials: handle(operations.listBusinessCredentials, () => listCredentials()),
  listInsights: handle(operations.listInsights, ({ query }) => listInsights(query)),
  listServiceCategories: handle(operations.listServiceCategories, () => listServiceCategories()),
  listServiceFaqs: handle(operations.listServiceFaqs, ({ params, query }) => listServiceFaqs(params.serviceId, query)),
  listServiceTestimonials: handle(operations.listServiceTestimonials, ({ params, query }) => listServiceTestimonials(params.serviceId, query)),
  listServices: handle(operations.listServices, ({ query }) => listServices(query)),
  rescheduleBooking: handle(operations.rescheduleBooking, ({ params, body }) => rescheduleManagedBooking(params.token, body.preferredTimes)),
  searchInsights: handle(operations.searchInsights, ({ query }) => searchInsights(query)),
  startCheckout: handle(operations.startCheckout, ({ params, body }) => startCheckout(params.serviceId, body)),
  submitInquiry: handle(operations.submitInquiry, ({ body }) => submitInquiry(body)),
} satisfies { [Id in keyof typeof operations]?: RouteHandler };

export type BoundOperationId = keyof typeof operationHandlers;
