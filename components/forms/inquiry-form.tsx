'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormErrorSummary, SelectField, TextArea, TextField } from '@/components/ui/form-field';
import type { InquiryResponseBody } from '@/lib/contract/inquiries';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';

const SIZES = [
  { value: 'startup', label: 'Startup' },
  { value: 'small', label: 'Small (under 50 people)' },
  { value: 'medium', label: 'Medium (50 to 500)' },
  { value: 'large', label: 'Large (500 to 5,000)' },
  { value: 'enterprise', label: 'Enterprise (over 5,000)' },
] as const;

const URGENCIES = [
  { value: 'low', label: 'Low: exploring options' },
  { value: 'medium', label: 'Medium: this quarter' },
  { value: 'high', label: 'High: this month' },
  { value: 'critical', label: 'Critical: costing us now' },
] as const;

type Action = (state: FormState<InquiryResponseBody>, data: FormData) => Promise<FormState<InquiryResponseBody>>;

/** Works without JavaScript: the action posts the form and the server renders the result or the errors. */
export function InquiryForm({
  action,
  submissionKey,
  services,
  preselected,
}: {
  action: Action;
  submissionKey: string;
  services: { id: string; name: string }[];
  preselected?: string;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState<InquiryResponseBody>());

  if (state.status === 'success') {
    return (
      <div role="status" className="rounded-lg border border-line bg-surface p-6">
        <h2 className="font-serif text-2xl font-semibold">Thank you: your inquiry is in</h2>
        <p className="mt-3">{state.result.message}</p>
        <p className="mt-3">
          Tracking id: <strong data-testid="inquiry-id">{state.result.id}</strong>
          <br />
          Ticket: <strong data-testid="support-ticket">{state.result.supportTicket}</strong>
        </p>
        <ul className="mt-4 list-disc space-y-1 pl-5">
          {state.result.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      </div>
    );
  }

  const { values, errors } = state;
  const chosen = new Set((values.preferredServices ?? preselected ?? '').split('\n'));
  return (
    <form action={formAction} noValidate className="space-y-6" aria-describedby="contact-form-note">
      <p id="contact-form-note" className="text-sm text-ink-muted">
        We answer within one business day, sooner for critical issues. Fields marked required must be filled in.
      </p>
      <FormErrorSummary errors={errors} />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          name="contactName"
          label="Your name"
          required
          autoComplete="name"
          maxLength={200}
          defaultValue={values.contactName}
          error={errors.contactName}
        />
        <TextField
          name="companyName"
          label="Company"
          required
          autoComplete="organization"
          maxLength={200}
          defaultValue={values.companyName}
          error={errors.companyName}
        />
        <TextField name="email" label="Email" type="email" required autoComplete="email" defaultValue={values.email} error={errors.email} />
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" maxLength={40} defaultValue={values.phone} error={errors.phone} />
      </div>
      <TextArea
        name="problemDescription"
        label="What is holding your operation back?"
        required
        rows={6}
        maxLength={10_000}
        hint="Where does work pile up? What do you expedite? What would more output be worth?"
        defaultValue={values.problemDescription}
        error={errors.problemDescription}
      />
      <div className="grid gap-6 sm:grid-cols-3">
        <TextField name="industry" label="Industry" maxLength={200} defaultValue={values.industry} error={errors.industry} />
        <SelectField name="organizationSize" label="Organization size" options={SIZES} defaultValue={values.organizationSize} error={errors.organizationSize} />
        <SelectField name="urgency" label="Urgency" options={URGENCIES} defaultValue={values.urgency} error={errors.urgency} />
      </div>
      <fieldset>
        <legend className="font-medium">
          Services you are interested in <span className="text-ink-muted">(optional)</span>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {services.map((service) => (
            <label key={service.id} className="flex items-start gap-2">
              <input type="checkbox" name="preferredServices" value={service.id} defaultChecked={chosen.has(service.id)} className="mt-1 h-4 w-4" />
              <span>{service.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-6 sm:grid-cols-3">
        <TextField name="budgetMin" label="Budget from (USD)" type="number" defaultValue={values.budgetMin} error={errors.budgetMin} />
        <TextField name="budgetMax" label="Budget up to (USD)" type="number" defaultValue={values.budgetMax} error={errors.budgetMax} />
        <TextField
          name="timeline"
          label="Timeline"
          maxLength={200}
          hint="For example: before our Q3 peak."
          defaultValue={values.timeline}
          error={errors.timeline}
        />
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? 'Sending…' : 'Send inquiry'}
      </Button>
    </form>
  );
}
