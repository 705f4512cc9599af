import { z } from 'zod';
import 'zod-openapi';

export const Location = z.object({ city: z.string(), state: z.string(), country: z.string() }).meta({ id: 'Location', title: 'Location' });

export const Leader = z.object({ name: z.string(), role: z.string(), bio: z.string().nullish() }).meta({ id: 'Leader', title: 'Leader' });

export const Contact = z
  .object({
    email: z.string(),
    phone: z.string().nullish(),
    website: z.string().nullish(),
    socialMedia: z.record(z.string(), z.string()).nullish(),
  })
  .meta({ id: 'Contact', title: 'Contact' });

export const SocialProof = z
  .object({
    clientCount: z.int(),
    projectsCompleted: z.int(),
    averageClientRating: z.number().meta({ description: 'Mean rating of published testimonials.' }),
    testimonialCount: z.int().meta({ description: 'Published testimonials.' }),
  })
  .meta({ id: 'SocialProof', title: 'SocialProof' });

export const CompanyProfile = z
  .object({
    name: z.string(),
    headquarters: Location,
    yearFounded: z.int(),
    yearsOfExperience: z.int(),
    tagline: z.string(),
    description: z.string().nullish(),
    leadership: z.array(Leader).nullish(),
    coreCompetencies: z.array(z.string()).nullish(),
    contact: Contact.nullish(),
    socialProof: SocialProof.nullish(),
  })
  .meta({ id: 'CompanyProfile', title: 'CompanyProfile' });

export const CREDENTIAL_KINDS = ['certification', 'membership', 'award', 'publication'] as const;

export const Credential = z
  .object({
    id: z.string(),
    name: z.string(),
    issuer: z.string(),
    year: z.int(),
    kind: z.enum(CREDENTIAL_KINDS),
    description: z.string(),
  })
  .meta({ id: 'Credential', title: 'Credential' });

export const CredentialsResponse = z
  .object({ credentials: z.array(Credential), total: z.int() })
  .meta({ id: 'CredentialsResponse', title: 'CredentialsResponse' });

export type CompanyProfileBody = z.input<typeof CompanyProfile>;
export type CredentialBody = z.input<typeof Credential>;
