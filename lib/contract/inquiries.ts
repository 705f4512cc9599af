import { z } from 'zod';
import 'zod-openapi';
import { IsoDateTime } from './common';
import { pydanticIssue } from './pydantic-issue';

/** Something to read, not only whitespace. */
const Text = (max: number) => z.string().min(1).max(max).regex(/\S/);

export const INQUIRY_STATUSES = ['submitted', 'reviewed', 'contacted', 'in-progress', 'closed'] as const;
export const InquiryStatus = z.enum(INQUIRY_STATUSES).meta({ id: 'InquiryStatus', title: 'InquiryStatus' });

export const ORGANIZATION_SIZES = ['startup', 'small', 'medium', 'large', 'enterprise'] as const;
export const URGENCIES = ['low', 'medium', 'high', 'critical'] as const;

export const Budget = z
  .object({
    min: z.number().min(0).max(1_000_000_000).nullish(),
    max: z.number().min(0).max(1_000_000_000).nullish(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .nullish()
      .default('USD')
      .meta({ description: 'ISO 4217 code.' }),
  })
  .superRefine((budget, ctx) => {
    if (budget.min != null && budget.max != null && budget.min > budget.max) {
      ctx.addIssue(pydanticIssue('value_error', 'Value error, budget min must not be greater than budget max', { error: 'min > max' }));
    }
  })
  .meta({ id: 'Budget', title: 'Budget', description: '`min` must not exceed `max`.' });

export const Inquiry = z
  .object({
    id: z.string().nullish().meta({ readOnly: true, description: 'Read-only; ignored in requests.' }),
    companyName: Text(200),
    contactName: Text(200),
    email: z.email().max(254),
    phone: z.string().max(40).nullish(),
    problemDescription: Text(10_000),
    industry: z.string().max(200).nullish(),
    organizationSize: z.enum(ORGANIZATION_SIZES).nullish(),
    urgency: z.enum(URGENCIES).nullish(),
    preferredServices: z.array(z.string().max(200)).max(20).nullish().meta({ description: 'Service ids (or names) the visitor is interested in.' }),
    budget: Budget.nullish(),
    timeline: z.string().max(200).nullish(),
    submittedAt: IsoDateTime.nullish().meta({ readOnly: true, description: 'Read-only; ignored in requests.' }),
    status: InquiryStatus.nullish().meta({ readOnly: true, description: 'Read-only; ignored in requests.' }),
  })
  .meta({ id: 'Inquiry', title: 'Inquiry' });

export const InquiryResponse = z
  .object({
    id: z.string().meta({ description: 'Opaque inquiry tracking id.' }),
    message: z.string(),
    nextSteps: z.array(z.string()),
    estimatedResponse: IsoDateTime.nullish().meta({
      description: 'When we will have answered, within the firm business hours (Mon-Fri 09:00-17:00 America/New_York).',
    }),
    supportTicket: z.string().nullish().meta({ example: 'TOC-2026-00042', description: 'Ticket number to quote by phone or email.' }),
  })
  .meta({ id: 'InquiryResponse', title: 'InquiryResponse' });

export type InquiryInput = z.output<typeof Inquiry>;
export type InquiryResponseBody = z.input<typeof InquiryResponse>;
